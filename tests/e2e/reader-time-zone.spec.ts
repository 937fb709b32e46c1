import { expect, test } from "@playwright/test";
import { sharedOnce, signIn } from "./helpers";
import { userWithData, type ScreenData } from "./screen-data";

// Numbers and times on every screen are checked by screens.spec.ts; this is a time at a reader's own
// clock, far from the server's UTC.
let data: ScreenData | undefined;
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  data = await sharedOnce("screen-data", () => userWithData(request));
});

test.describe("in Tokyo", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("a wait counts down live, at the reader's own clock time: the withdrawal lock-out", async ({ page }) => {
    await signIn(page, data!.username, data!.password, "/withdraw");
    const lock = page.getByText(/withdrawals are locked until/);
    const end = await lock.locator("time").getAttribute("datetime");
    const tokyo = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Tokyo",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(end!));
    await expect(lock).toContainText(new RegExp(`until (today|tomorrow) ${tokyo} \\(in \\d{1,2} min \\d{2} s\\)`));
    const first = await lock.innerText();
    await expect(lock).not.toHaveText(first);
  });
});
