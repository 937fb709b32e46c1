import { POST as depositRoute } from "@/app/api/deposits/route";
import { IMAGES } from "./images";
import { txHash } from "./funding";

/** The 1×1 PNG padded with zeros to exactly `size` bytes: a proof of a chosen size (only its header is read). */
export const proofOfSize = (size: number) => Buffer.concat([IMAGES.png, Buffer.alloc(size - IMAGES.png.length)]);

/** Submits a 250 USDT TRC20 deposit as the browser's form does, from `ip`, with `proof` (a 1×1 PNG unless given). */
export async function depositFrom(
  token: string,
  ip: string,
  proof: Buffer = IMAGES.png,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    currency: "USDT",
    network: "TRC20",
    amount: "250",
    txHash: txHash("TRC20"),
    ...fields,
  }))
    form.set(k, v);
  form.set("proof", new File([new Uint8Array(proof)], "proof.png", { type: "image/png" }));
  const req = new Request("http://localhost/api/deposits", {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}`, "x-aurum-client-ip": ip },
  });
  const res = await depositRoute(req, { params: Promise.resolve({}) });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, unknown> & { success: boolean; code?: string; message?: string },
  };
}

/** Runs `work` with environment variables set, restoring them after. */
export async function withEnv<T>(vars: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    return await work();
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
