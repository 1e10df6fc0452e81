/** One load run's measurements, whichever driver made them (load.ts, paced.ts). */
export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  /** Server CPU time per successful request, in ms (from /proc; robust to other load on the machine). */
  cpuMsPerRequest: number | undefined;
}
