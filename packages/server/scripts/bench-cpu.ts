// CPU readings the benches share (Linux /proc): a process's CPU time, and a wait until processes are quiet.
import { readFileSync } from 'node:fs'

/** utime + stime of a process in clock ticks, or null when it is gone (or there is no /proc). */
export function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(f[11]) + Number(f[12])
  } catch {
    return null
  }
}

/**
 * Waits until the processes together have used under 5 % of one core for three seconds in a row (background work
 * after start, such as image variants, has finished), or `maxSeconds` passed. Without /proc: a fixed 15 s.
 */
export async function waitQuiet(pids: number[], maxSeconds = 120): Promise<void> {
  const sum = () => {
    let total = 0
    for (const pid of pids) total += cpuTicks(pid) ?? 0
    return total
  }
  if (cpuTicks(process.pid) === null) return new Promise((r) => setTimeout(r, 15_000))
  let last = sum()
  let quiet = 0
  for (let i = 0; i < maxSeconds && quiet < 3; i++) {
    await new Promise((r) => setTimeout(r, 1000))
    const now = sum()
    quiet = now - last < 5 ? quiet + 1 : 0
    last = now
  }
}
