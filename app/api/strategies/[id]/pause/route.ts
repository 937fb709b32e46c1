import { strategyActionRoute } from "@/app/api/strategies/[id]/action-route";

export const POST = strategyActionRoute("pause");
