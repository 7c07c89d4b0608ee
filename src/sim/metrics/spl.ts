/** Success weighted by (normalised inverse) Path Length: S · l / max(p, l) (Anderson et al. 2018). */
export function spl(success: number, shortest: number, walked: number): number {
  if (!(shortest >= 0) || !(walked >= 0)) throw new Error(`SPL needs non-negative lengths, got shortest ${shortest}, walked ${walked}`);
  if (success === 0) return 0;
  const denom = Math.max(walked, shortest);
  return denom === 0 ? success : (success * shortest) / denom;
}
