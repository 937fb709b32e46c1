// Prints how lib/core/format reads each moment in the reader's own zone (the process's TZ, read through
// Date), one zone after another. A process of its own: a worker thread (how Stryker runs the tests)
// keeps the zone it started with whatever TZ is set to, so the test cannot switch zones in place.
import { dateText, fullTimeText, timeText } from "@/lib/core/format";

const [zones, moments, now] = JSON.parse(process.argv[2]!) as [string[], string[], string];
const readings: Record<string, string[][]> = {};
for (const zone of zones) {
  process.env.TZ = zone;
  readings[zone] = moments.map((at) => [timeText(at, new Date(now)), dateText(at), fullTimeText(at)]);
}
process.stdout.write(JSON.stringify(readings));
