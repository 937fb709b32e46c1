import type { Metadata } from "next";
import { aiTradingIs } from "@/lib/info/about";
import Link from "next/link";
import { connection } from "next/server";
import {
  Bullets,
  Callout,
  FigureTable,
  Figures,
  InfoPage,
  InfoSection,
  textLink,
  Worked,
} from "@/components/info-page";
import { getDb } from "@/db/client";
import { gridExample, recurringExample } from "@/lib/info/examples";
import { siteFigures } from "@/lib/info/figures";
import { money, percentText } from "@/lib/core/format";

export const metadata: Metadata = { title: "Advantages of AI trading" };

export default async function AdvantagesOfAiTradingPage() {
  await connection();
  const figures = await siteFigures(await getDb());
  const { siteName: site, trading: t } = figures;
  const grid = gridExample(t, figures.market);
  const plan = recurringExample(t, figures.market);
  const fee = percentText(t.feeBps);
  const spread = percentText(t.spreadBps);
  return (
    <InfoPage
      path="/advantages-of-ai-trading"
      title="Advantages of AI trading"
      lead={
        <p>
          {site} can trade for you on rules you set: buy a fixed amount on a schedule, or buy low and sell high inside a
          price range. This page explains exactly what each strategy does, what it costs, and how it can lose money.
        </p>
      }
    >
      <InfoSection title="What AI trading means here">
        <p>
          {aiTradingIs(site)} The two strategies, a <strong>recurring buy</strong> and a <strong>grid</strong>, follow
          fixed rules you choose. {site}&apos;s servers run them around the clock and place ordinary orders through the
          same trading engine as the Trade screen, at the same prices, fees and limits. Every fill is a normal trade in
          your Records, and you can stop a strategy at any time.
        </p>
        <Figures
          title="The terms strategies trade under"
          items={[
            { id: "fee", label: "Trading fee, on every buy and sell", value: fee },
            { id: "spread", label: "Spread: the ask is above and the bid below the feed price by", value: spread },
            { id: "min-order", label: "Minimum order", value: money(t.minQuantity, "XAUT") },
            { id: "max-order", label: "Maximum order", value: money(t.maxQuantity, "XAUT") },
            {
              id: "daily-limit",
              label: "Daily trading limit (per UTC day, before fees)",
              value: money(t.dailyLimit, "USDT"),
            },
          ]}
        >
          The site&apos;s terms today. An administrator can set different terms for one account; the Trade screen shows
          the terms that apply to yours.
          {!t.enabled && (
            <strong className="mt-1 block text-danger">
              Trading is paused at the moment: strategies skip their rounds until it resumes.
            </strong>
          )}
        </Figures>
      </InfoSection>

      <InfoSection title="Recurring buy">
        <p>
          A recurring buy spends the same amount of USDT on XAUt at regular intervals, whatever the price, so you build
          a position over time instead of choosing one moment to buy.
        </p>
        <Bullets>
          <li>You choose an amount in USDT and a period: every hour, every day or every week.</li>
          <li>
            Each round buys at market, at the ask (the feed price plus the {spread} spread), and pays the {fee} trading
            fee out of the round&apos;s amount.
          </li>
          <li>
            Optionally, a <strong>price ceiling</strong>: a round whose ask is above it is skipped. Optionally, an{" "}
            <strong>end</strong>: after a number of rounds, or once a total has been spent.
          </li>
          <li>
            When the plan starts, its budget is <strong>reserved</strong>: moved from your available balance to its
            strategy reserve, so other trades and withdrawals cannot spend it.
          </li>
          <li>
            A round that cannot run (not enough reserved balance, your daily limit reached, a price that is out of date,
            trading paused) is skipped with its reason, and you are notified. The next round tries again.
          </li>
        </Bullets>
        <FigureTable
          caption={`Example: ${plan.amount} USDT a day for three days`}
          columns={["Round", "Ask (USDT)", "Bought (XAUt)", "Fee (USDT)", "Paid (USDT)"]}
          rows={plan.rounds.map((r, i) => [`Day ${i + 1}`, r.ask, r.quantity, r.fee, r.paid])}
        >
          Feed prices of {plan.rounds.map((r) => r.price).join(", ")} USDT on days 1, 2 and 3, chosen for round numbers:
          not a forecast. Each round buys the most XAUt whose cost and fee fit in {plan.amount} USDT, with today&apos;s
          spread and fee.
        </FigureTable>
        <p>
          Over the three days the plan bought <strong>{plan.totalQuantity} XAUt</strong> for{" "}
          <strong>{plan.totalPaid} USDT</strong>. Because the amount is fixed, a round buys more XAUt when the price is
          low and less when it is high, so the average price paid before fees, {plan.averagePriceBeforeFees} USDT per
          XAUt, is below the average ask of {plan.averageAsk}. With fees each XAUt cost {plan.averageCost} USDT. That is
          arithmetic, not a profit: if the price keeps falling, every round buys gold that is worth less than was paid
          for it.
        </p>
        <Bullets>
          <li>
            With a ceiling of {plan.ceiling} USDT,{" "}
            {plan.skippedRound ? (
              <>
                day {plan.skippedRound.day}&apos;s round (ask {plan.skippedRound.ask}) would have been skipped.
              </>
            ) : (
              <>no round of the example would have been skipped.</>
            )}
          </li>
          <li>
            A plan that ends after {plan.planRounds} rounds reserves {plan.planRounds} × {plan.amount} ={" "}
            {plan.planReserved} USDT when it starts.
          </li>
          <li>
            Each round must buy at least the minimum order of {money(t.minQuantity, "XAUT")}: at an ask of{" "}
            {plan.rounds[0]!.ask} that takes {plan.minimumRound} USDT
            {plan.belowMinimum ? (
              <>, so {plan.amount} USDT would be too small and every round would be skipped.</>
            ) : (
              <>; a smaller amount would skip every round.</>
            )}
          </li>
          <li>
            Rounds count toward your daily trading limit of {money(t.dailyLimit, "USDT")} together with your other
            orders. An hourly plan of more than about {plan.hourlyMax} USDT a round would reach it before the day ends,
            and the rest of that day&apos;s rounds would be skipped.
          </li>
        </Bullets>
      </InfoSection>

      <InfoSection title="Grid">
        <p>
          A grid buys when the price dips and sells when it recovers, over and over, inside a range you set. It suits a
          price that moves up and down within the range; it does poorly when the price leaves it.
        </p>
        <Bullets>
          <li>
            You choose a <strong>price range</strong> (lower and upper price), a <strong>number of levels</strong> from
            2 to 100, and an <strong>investment</strong> in USDT. The levels are prices evenly spaced from the lower to
            the upper price, both included.
          </li>
          <li>
            When the grid starts, the investment is reserved, and the grid places limit buy orders of one equal quantity
            at each level below the current price.
          </li>
          <li>
            Each filled buy places a sell of that quantity one level up; each filled sell places a buy one level down.
            So every buy-then-sell earns the gap between two levels on that quantity, less the fee on both trades, as
            long as the price moves inside the range.
          </li>
          <li>
            A limit buy fills when the ask falls to its level, and a sell when the bid rises to its level, at that price
            or better.
          </li>
          <li>
            Stopping the grid cancels its open orders and returns everything it reserved, USDT and XAUt waiting in sell
            orders, to your available balance.
          </li>
        </Bullets>
        <p>
          <strong>Example.</strong> A {grid.levelCount}-level grid from {grid.lower} to {grid.upper} USDT has levels at{" "}
          {grid.levels.join(" · ")}, {grid.gap} USDT apart. Started with {grid.investment} USDT while the price is{" "}
          {grid.start}, it places buys at {grid.buys.join(", ")}, here of {grid.quantity} XAUt each, which with their
          fees use {grid.reserved} of the investment. The quantity is sized so the investment would cover a buy at every
          level but the top, so the grid can keep buying all the way down its range; the strategy shows it once started.
        </p>
        {grid.quantityProblem && (
          <Callout tone="note" title="Under today's order limits">
            {grid.quantityProblem}
          </Callout>
        )}
        <Worked
          title={`One cycle: buy at ${grid.cycle.buyAt}, sell at ${grid.cycle.sellAt}`}
          rows={[
            [`Buy ${grid.quantity} XAUt at ${grid.cycle.buyAt}`, `${grid.cycle.buyCost} USDT`],
            [`Fee on the buy (${fee})`, `${grid.cycle.buyFee} USDT`],
            ["Paid", `${grid.cycle.paid} USDT`],
            [`Sell ${grid.quantity} XAUt at ${grid.cycle.sellAt}`, `${grid.cycle.sellProceeds} USDT`],
            [`Fee on the sell (${fee})`, `${grid.cycle.sellFee} USDT`],
            ["Received", `${grid.cycle.received} USDT`],
            [grid.cycle.loses ? "Lost on the cycle" : "Gained on the cycle", `${grid.cycle.gain} USDT`],
          ]}
        >
          The price dips to {grid.cycle.buyAt}, the buy there fills and a sell is placed one level up; then the price
          comes back to {grid.cycle.sellAt} and the sell fills. Without fees the cycle would make{" "}
          {grid.cycle.gainBeforeFees} USDT; the two fees take {grid.cycle.fees} USDT.
        </Worked>
        <p>
          Because buys fill at the ask and sells at the bid, the feed price has to go a little past each level: with
          today&apos;s {spread} spread, the buy at {grid.cycle.buyAt} fills once the feed price is at or below about{" "}
          {grid.buyTrigger}, and the sell at {grid.cycle.sellAt} once it is at or above about {grid.sellTrigger}.
        </p>
      </InfoSection>

      <InfoSection title="What strategies do well">
        <Bullets>
          <li>
            <strong>They keep going while you are away.</strong> Rounds run on schedule, and grid orders wait day and
            night.
          </li>
          <li>
            <strong>The rules are fixed in advance.</strong> Amounts and prices are decided when you are calm, not in
            the middle of a price move.
          </li>
          <li>
            <strong>Spending is capped.</strong> A strategy spends only what it reserved; nothing else in your account
            is touched.
          </li>
          <li>
            <strong>Everything is visible.</strong> Each fill is an ordinary trade in your Records, and a
            strategy&apos;s results are computed only from its real fills, never from a projection.
          </li>
          <li>
            <strong>You stay in control.</strong> Stop at any time, and what was reserved comes back to your available
            balance.
          </li>
        </Bullets>
      </InfoSection>

      <InfoSection title="The risks">
        <Callout tone="risk" title="Strategies can lose money">
          <p>
            <strong>The price can leave the range.</strong> Below the lower price, the grid has bought at every level
            and holds XAUt that has fallen: in the example, at {grid.fall.price} it holds {grid.fall.held} XAUt that
            cost {grid.fall.paid} USDT, and selling it at the bid would return {grid.fall.worth} USDT after the fee,{" "}
            {grid.fall.loss} USDT less. Above the upper price, the grid sits in USDT: if the price went from{" "}
            {grid.start} straight to {grid.rise.price}, no buy would fill, and the investment would earn nothing while
            XAUt rose {grid.rise.change} %.
          </p>
          <p>
            <strong>Fees eat small gaps.</strong>{" "}
            {grid.breakEvenGap ? (
              <>
                At prices near {grid.cycle.buyAt} and today&apos;s {fee} fee, levels less than about {grid.breakEvenGap}{" "}
                USDT apart lose money on every cycle. Fewer, wider levels keep more of each move.
              </>
            ) : (
              <>
                Today the trading fee is {fee}; if it is raised, every cycle pays it twice, once on the buy and once on
                the sell.
              </>
            )}
          </p>
          <p>
            <strong>Averaging does not prevent losses.</strong> A recurring buy keeps buying as the price falls, and the
            XAUt it holds is worth what the market pays for it, not what it cost.
          </p>
          <p>
            <strong>Rounds and orders can be missed.</strong> A round skipped for a limit, a stale price or a pause in
            trading buys nothing, and a limit order fills only if the price reaches it.
          </p>
          <p>
            <strong>Past results predict nothing.</strong> {site} does not promise or project any return. The results
            shown for a strategy are what its real fills made, and nothing about what they will make.
          </p>
          <p>
            {site} is the other side of every trade. The{" "}
            <Link href="/whitepaper" className={textLink}>
              whitepaper
            </Link>{" "}
            explains what that means, with prices, fees and custody.
          </p>
        </Callout>
      </InfoSection>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Link href="/ai-trading" className="btn-gold sm:w-auto sm:px-6">
          Set up a strategy
        </Link>
        <p className="text-sm text-muted">You choose the strategy and every setting, and can stop it at any time.</p>
      </div>
    </InfoPage>
  );
}
