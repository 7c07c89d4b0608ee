/**
 * Memory's light surface: the choices a command line, a configuration file or a tool names (recovery
 * scopes, success definitions), importing nothing but zod, so that a command's flag table and the
 * harness configuration read them without loading the journal or the workspace.
 */
import { z } from 'zod';

/** The scopes of a recovery, narrowest first (the papers' recovery protocol: attempt to whole house). */
export const SCOPES = ['attempt', 'place', 'room', 'floor', 'house'] as const;
export const ScopeSchema = z.enum(SCOPES);
export type Scope = z.infer<typeof ScopeSchema>;

/**
 * The two published GOAT success definitions (see ../shared/BENCHMARK-FORMATS.md): the papers'
 * (closed within 1.0 m of a goal instance's footprint on its floor) and GOAT-Bench's code
 * (closed at a geodesic distance < 0.25 m from the nearest goal view point). The first is the default.
 */
export const SUCCESS_DEFINITIONS = ['papers-1m', 'goat-bench-0.25m'] as const;
export const SuccessDefinitionSchema = z.enum(SUCCESS_DEFINITIONS, { error: `the success definition is one of ${SUCCESS_DEFINITIONS.join(', ')}` });
export type SuccessDefinition = z.infer<typeof SuccessDefinitionSchema>;
export const DEFAULT_SUCCESS: SuccessDefinition = SUCCESS_DEFINITIONS[0];
