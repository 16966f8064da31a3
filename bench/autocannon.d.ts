// autocannon ships no types; the bench uses only this part of its API.
declare module 'autocannon' {
  interface Result {
    latency: { p50: number; p99: number };
    requests: { average: number };
    non2xx: number;
  }
  export default function autocannon(opts: { url: string; connections: number; duration: number }): Promise<Result>;
}
