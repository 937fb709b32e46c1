import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and WASM packages must be loaded by Node, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "postgres", "socket.io"],
  poweredByHeader: false,
  // `npm test` type-checks the whole project before it builds (`npm run typecheck`: Next's route
  // types, then tsc over everything, tests included); the build checking the app's files again was
  // a minute of CI. Every other build checks them.
  typescript: { ignoreBuildErrors: process.env.AURUM_TYPECHECKED === "1" },
};

export default nextConfig;
