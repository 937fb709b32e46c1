import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and WASM packages must be loaded by Node, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "postgres", "socket.io"],
  poweredByHeader: false,
};

export default nextConfig;
