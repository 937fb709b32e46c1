import { strategyActionRoute } from "@/lib/strategies/action-route";

export const POST = strategyActionRoute("resume");
