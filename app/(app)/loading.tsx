export { LoadingSkeleton as default } from "@/components/loading-skeleton";
