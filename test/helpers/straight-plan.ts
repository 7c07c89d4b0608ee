/** A fake navigator's planner for agent tests: every goal is reached by one straight leg from `pose`. */
export function straightPlan(pose: { x: number; z: number }) {
  return (goal: { x: number; z: number }) => ({
    status: 'ok',
    path: [{ x: pose.x, z: pose.z }, goal],
    lengthM: Math.hypot(goal.x - pose.x, goal.z - pose.z),
    target: goal,
  });
}
