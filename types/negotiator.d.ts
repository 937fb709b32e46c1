// negotiator 1.x's own API, as far as Aurum uses it. @types/negotiator (0.6) predates the `preferred`
// option, which breaks a tie of equal quality by the server's order: browsers list gzip before br.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The `available` encodings the request accepts, best first. */
    encodings(available: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
}
