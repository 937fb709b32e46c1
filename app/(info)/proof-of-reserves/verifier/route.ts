import { readFile } from "node:fs/promises";
import path from "node:path";

// Read once, when the site is built: what is downloaded is the repository's own verifier, byte for
// byte, with no second copy to drift from it.
export const dynamic = "force-static";

/** The standalone proof verifier (scripts/proof-verify.ts), as a file to save and run with `npx tsx`. */
export async function GET() {
  const source = await readFile(path.join(process.cwd(), "scripts", "proof-verify.ts"), "utf8");
  return new Response(source, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": 'attachment; filename="proof-verify.ts"',
      "X-Content-Type-Options": "nosniff",
    },
  });
}
