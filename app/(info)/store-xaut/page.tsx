import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { Bullets, Callout, Figures, InfoPage, InfoSection, textLink, Worked } from "@/components/info-page";
import { getDb } from "@/db/client";
import { storageExample } from "@/lib/info/examples";
import { siteFigures } from "@/lib/info/figures";
import { formatAmount } from "@/lib/core/amount";
import { percentText } from "@/lib/core/format";

export const metadata: Metadata = { title: "Storing XAUt" };

export default async function StoreXautPage() {
  await connection();
  const figures = await siteFigures(await getDb());
  const site = figures.siteName;
  const rate = percentText(figures.storageRateBps);
  const earns = figures.storageRateBps > 0;
  const example = storageExample(figures.storageRateBps, figures.market);
  const smallest = formatAmount(1n, figures.market.baseDecimals);
  return (
    <InfoPage
      path="/store-xaut"
      title="Storing XAUt"
      lead={
        <p>
          Move XAUt from your available balance into your vault, where it is kept apart from trading
          {earns ? (
            <>
              {" "}
              and earns <strong className="text-gold-soft">{rate}</strong> a year, paid daily in XAUt
            </>
          ) : (
            <>. At the moment storage earns nothing</>
          )}
          . Retrieve it whenever you like.
        </p>
      }
    >
      <InfoSection title="What storage is">
        <p>
          Your XAUt on {site} sits in one of two balances. The <strong>available</strong> balance is what you can trade,
          withdraw or put into savings. The <strong>storage</strong> balance, your vault, is XAUt you have set aside.
          Storing moves XAUt from available to storage; retrieving moves it back, at once, at any time. Each move is an
          entry in your Records.
        </p>
        <p>
          Stored XAUt cannot be sold, withdrawn or spent by an order or a strategy until you retrieve it, so it is also
          protected from being spent by accident.
        </p>
        <Figures
          title="Storage today"
          items={[
            { id: "storage-rate", label: "Storage rate, a year", value: rate },
            { id: "storage-paid", label: "Paid", value: "Daily, in XAUt, into the vault" },
            { id: "storage-fee", label: "Fee to store or retrieve", value: "None" },
            { id: "storage-smallest", label: "Smallest amount", value: `${smallest} XAUt` },
          ]}
        >
          The rate is set by {site} and can change. A change applies to every day not yet paid, starting with the day it
          is made; days already paid are never changed.
        </Figures>
      </InfoSection>

      <InfoSection title="How earnings are worked out">
        <Bullets>
          <li>
            Each UTC day, the vault earns on the <strong>least it held during that day</strong>: its balance when the
            day began, or less if XAUt was retrieved during the day.
          </li>
          <li>
            XAUt stored during a day starts earning the next day. XAUt retrieved during a day earns nothing for that
            day.
          </li>
          <li>
            A day&apos;s earning is the least held × the yearly rate ÷ 365, rounded down to {smallest} XAUt. The part
            below that is carried to the next day, so a small vault still earns over time.
          </li>
          <li>
            The day is paid shortly after it ends (midnight UTC), at the rate in force then, into the vault, where the
            earning itself earns from the next day. {site} pays it; it shows in your vault&apos;s history and in
            Records.
          </li>
          <li>Days when the rate is 0 % are never paid later, even if the rate goes up.</li>
        </Bullets>
        {example ? (
          <Worked
            title={`${example.amount} XAUt kept in the vault at ${rate} a year`}
            rows={[
              ["Earned on the first whole day", `${example.firstDay} XAUt`],
              ["Earned after 30 days", `${example.month} XAUt`],
              ["Earned after 365 days", `${example.year} XAUt`],
            ]}
          >
            If the rate stays at {rate} the whole time. It is a rate, not a promise: it can change, and XAUt&apos;s
            price in USDT can fall by more than the vault earns.
          </Worked>
        ) : (
          <p>
            At today&apos;s rate of {rate} the vault earns nothing: storing only keeps XAUt apart from trading until the
            rate is raised.
          </p>
        )}
        <p>
          For example, XAUt stored at 18:00 UTC on a Monday earns nothing for Monday; Tuesday is its first day, paid
          just after midnight UTC. If it is retrieved at 09:00 UTC on Friday, it earns nothing for Friday.
        </p>
      </InfoSection>

      <InfoSection title="How to store and retrieve">
        <ol className="list-decimal space-y-1.5 pl-5 marker:text-gold">
          <li>
            Have XAUt in your available balance: buy it on{" "}
            <Link href="/trade" className={textLink}>
              Trade
            </Link>
            , or deposit it where an XAUt network is open.
          </li>
          <li>
            Open{" "}
            <Link href="/storage" className={textLink}>
              XAUt Storage
            </Link>{" "}
            (it is also on your Profile).
          </li>
          <li>
            Enter an amount under <strong>Store XAUt</strong> and press Store. Your vault and your available balance
            change at once.
          </li>
          <li>
            To take XAUt out, enter an amount under <strong>Retrieve XAUt</strong> and press Retrieve. It is back in
            your available balance straight away.
          </li>
        </ol>
        <Link href="/storage" className="btn-gold sm:w-auto sm:px-6">
          Open XAUt Storage
        </Link>
      </InfoSection>

      <InfoSection title="What storage is not">
        <Callout tone="note" title="A balance, not a delivery">
          <p>
            <strong>It is not physical delivery.</strong> {site} does not deliver gold bars or coins, and does not
            redeem XAUt for gold. &ldquo;Vault&rdquo; is the name of a balance in {site}&apos;s ledger.
          </p>
          <p>
            <strong>It is not separate safekeeping.</strong> Stored and available XAUt are held in the same way, in{" "}
            {site}&apos;s custody (see the{" "}
            <Link href="/whitepaper" className={textLink}>
              whitepaper
            </Link>
            ). Storing changes what you can do with your XAUt and what it earns, not who holds it.
          </p>
          <p>
            <strong>It is not protection from the price.</strong> A vault holds XAUt, whose price in USDT moves with
            gold and can fall.
          </p>
        </Callout>
        <p>
          <strong>About XAUt.</strong> XAUt (Tether Gold) is a token issued by TG Commodities Limited, a Tether company.{" "}
          <em>Tether states</em> that each token represents ownership of one fine troy ounce of physical gold on a
          London Good Delivery bar, and publishes attestations of the gold it holds. That is Tether&apos;s claim, not{" "}
          {site}&apos;s: {site} does not hold, audit or insure that gold, and what XAUt is worth depends on Tether
          honouring it. Redeeming XAUt for gold is done with Tether, under Tether&apos;s terms, from a wallet of your
          own; to do that you would first withdraw your XAUt, where an XAUt withdrawal network is open.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
