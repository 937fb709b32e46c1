import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", "node_modules/**", "data/**", ".e2e-data/**", ".e2e-instances-data/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "db/migrations/**"] },
];

export default config;
