import { z } from "zod";

// Zod compiles object parsers with `new Function` where it may, and probes for that on first use.
// The pages' CSP forbids eval (a refused probe is still reported as a violation), so in the browser
// schemas parse without compiling. Import this from any schema module that client code uses.
if (typeof window !== "undefined") z.config({ jitless: true });
