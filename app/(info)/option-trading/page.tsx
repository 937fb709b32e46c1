import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { Bullets, Callout, FigureTable, Figures, InfoPage, InfoSection, textLink } from "@/components/info-page";
import { getDb } from "@/db/client";
import { optionExample } from "@/lib/info/examples";
import { siteFigures } from "@/lib/info/figures";
import { percentText } from "@/lib/core/format";

export const metadata: Metadata = { title: "Option trading" };

export default async function OptionTradingPage() {
  await connection();
  const figures = await siteFigures(await getDb());
  const site = figures.siteName;
  const o = optionExample();
  return (
    <InfoPage
      path="/option-trading"
      title="Option trading"
      lead={
        <p>
          Options are contracts on a price, not the gold itself. {site} does not offer them. Here is what they are, how
          they can cost more than expected, and what you can do on {site} instead.
        </p>
      }
    >
      <Callout tone="note" title={`${site} does not offer options`}>
        <p>
          There are no options, futures, margin or leverage of any kind on {site}. You trade XAUt that you pay for in
          full with USDT you hold, so no trade can cost more than the money you put into it. If anyone offers you
          options in {site}&apos;s name, they are not from {site}.
        </p>
      </Callout>

      <InfoSection title="What an option is">
        <p>
          An option is a contract that gives its buyer a <strong>right, but not an obligation</strong>, to buy or sell
          an asset (for example gold) at a fixed price, the <strong>strike</strong>, on or before a fixed date, the{" "}
          <strong>expiry</strong>. The buyer pays the seller, also called the writer, a <strong>premium</strong> for
          that right when the contract is made, and the seller keeps it whatever happens.
        </p>
        <Bullets>
          <li>
            A <strong>call</strong> is the right to buy at the strike. It gains value when the price rises above the
            strike.
          </li>
          <li>
            A <strong>put</strong> is the right to sell at the strike. It gains value when the price falls below the
            strike.
          </li>
          <li>
            Some options can be exercised at any time until expiry (&ldquo;American&rdquo;), others only at expiry
            (&ldquo;European&rdquo;). Many are settled in cash: the difference is paid, and no gold changes hands.
          </li>
          <li>
            An option loses value as its expiry approaches, all else being equal, and its premium rises and falls with
            how much the market expects the price to move.
          </li>
        </Bullets>
      </InfoSection>

      <InfoSection title="Calls and puts, in numbers">
        <FigureTable
          caption={`One option on one ounce, strike ${o.strike} USDT`}
          columns={["Price at expiry", "Call buyer", "Call seller", "Put buyer", "Put seller"]}
          rows={o.rows.map((r) => [r.price, r.callBuyer, r.callSeller, r.putBuyer, r.putSeller])}
        >
          What each side ends with, in USDT, if the call&apos;s premium is {o.callPremium} and the put&apos;s{" "}
          {o.putPremium}. Illustrative numbers, not market prices.
        </FigureTable>
        <p>
          The call&apos;s buyer gains only above {o.callBreakEven} (the strike plus the premium) and loses the whole
          premium at or below the strike. The put&apos;s buyer gains only below {o.putBreakEven} (the strike less the
          premium). Whatever one side gains, the other loses: an option moves money between its buyer and its seller and
          creates none.
        </p>
      </InfoSection>

      <InfoSection title="Who can lose what">
        <Callout tone="risk" title="Options can cost more than they seem to">
          <p>
            <strong>Buyers can lose the whole premium.</strong> If the price does not pass the strike by expiry, the
            option expires worthless. Many options do.
          </p>
          <p>
            <strong>Sellers can lose far more than they received.</strong> The seller of a call on gold they do not own
            loses more the higher the price goes, with no limit; the seller of a put can lose up to the strike less the
            premium. Sellers usually have to post margin, and can be forced to add more or be closed out at a loss.
          </p>
          <p>
            <strong>Leverage cuts both ways.</strong> A small premium controls the price move of a whole ounce, so small
            moves make large gains or losses on the money put in.
          </p>
        </Callout>
        <p>
          Gold options are traded on regulated exchanges, for example options on COMEX gold futures. In many countries
          they may be sold only by licensed firms, which must first check that they suit you. If you want to trade them,
          use such a firm, and read its risk disclosures first.
        </p>
      </InfoSection>

      <InfoSection title={`What ${site} offers instead`}>
        <Bullets>
          <li>
            <Link href="/trade" className={textLink}>
              Spot trading
            </Link>
            : buy or sell XAUt at the live price. A market order fills at once, at the ask to buy or the bid to sell.
          </li>
          <li>
            <Link href="/trade" className={textLink}>
              Limit orders
            </Link>
            : name your price, and the order fills when the market reaches it. Its funds are reserved until it fills or
            you cancel. Like an option it has a price of your choosing, but no premium and no expiry, and it may never
            fill.
          </li>
          <li>
            <Link href="/ai-trading" className={textLink}>
              Strategies
            </Link>
            : a recurring buy or a grid that trades on rules you set.{" "}
            <Link href="/advantages-of-ai-trading" className={textLink}>
              How strategies work
            </Link>
            .
          </li>
          <li>
            <Link href="/#savings" className={textLink}>
              Savings
            </Link>
            : plans that pay a fixed yearly rate, shown before you subscribe, on USDT or XAUt.
          </li>
          <li>
            <Link href="/storage" className={textLink}>
              XAUt storage
            </Link>
            : keep XAUt in your vault, where it earns the storage rate.{" "}
            <Link href="/store-xaut" className={textLink}>
              How storage works
            </Link>
            .
          </li>
        </Bullets>
        <Figures
          title="Today's terms"
          items={[
            { id: "fee", label: "Trading fee", value: percentText(figures.trading.feeBps) },
            { id: "spread", label: "Spread", value: percentText(figures.trading.spreadBps) },
            { id: "storage-rate", label: "Storage rate, a year", value: percentText(figures.storageRateBps) },
          ]}
        >
          None of these is a promise of a return: XAUt&apos;s price can fall, and rates can change for new subscriptions
          and future days.
        </Figures>
      </InfoSection>
    </InfoPage>
  );
}
