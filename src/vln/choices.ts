/**
 * The VLN framework's light surface: its configurations as a command line names them (loop.ts runs
 * them), so that a command's flag table reads them without loading the agents.
 */
export const VLN_CONFIGS = ['native', 'off', 'goal'] as const;
export type VlnConfig = (typeof VLN_CONFIGS)[number];
