import type { Metadata } from "next";
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
import { quoteExample } from "@/lib/info/examples";
import { siteFigures } from "@/lib/info/figures";
import { formatAmount } from "@/lib/core/amount";
import { money, percentText, readable } from "@/lib/core/format";

export const metadata: Metadata = { title: "Whitepaper" };

export default async function WhitepaperPage() {
  await connection();
  const figures = await siteFigures(await getDb());
  const { siteName: site, trading: t, withdrawals: w } = figures;
  const fee = percentText(t.feeBps);
  const spread = percentText(t.spreadBps);
  const q = quoteExample(t, figures.market);
  const usdtUnit = formatAmount(1n, figures.market.quoteDecimals);
  const xautUnit = formatAmount(1n, figures.market.baseDecimals);
  const rewarded = /[1-9]/.test(figures.referralRewardUsdt);
  const reward = rewarded ? money(figures.referralRewardUsdt, "USDT") : "None at the moment";
  return (
    <InfoPage
      path="/whitepaper"
      title="Whitepaper"
      lead={
        <p>
          How {site} works: who holds the money, how every balance is kept, where prices come from, what each thing
          costs, and what is and is not guaranteed. Every figure on this page is the one in force now.
        </p>
      }
    >
      <InfoSection title="In short">
        <Bullets>
          <li>
            {site} is a broker: you buy XAUt (Tether Gold) from {site} and sell it to {site}, against USDT, at a
            published price. {site} is the other side of every trade.
          </li>
          <li>
            {site} holds the funds of every account in wallets it controls. Your balances are {site}&apos;s record of
            what it owes you, kept in a double-entry ledger that you can read line by line in Records.
          </li>
          <li>
            Prices come from a market price feed. {site} adds a published spread and charges a published fee; nobody,
            administrators included, can set a price or decide how a trade turns out.
          </li>
          <li>
            Nothing on {site} guarantees a return. XAUt&apos;s gold backing is Tether&apos;s claim, not {site}&apos;s.
          </li>
        </Bullets>
      </InfoSection>

      <InfoSection title="Current figures">
        <Figures
          title="Trading"
          items={[
            { id: "trading-status", label: "Trading", value: t.enabled ? "Open" : "Paused" },
            { id: "fee", label: "Trading fee, on every buy and sell", value: fee },
            { id: "spread", label: "Spread either side of the feed price", value: spread },
            { id: "min-order", label: "Minimum order", value: money(t.minQuantity, "XAUT") },
            { id: "max-order", label: "Maximum order", value: money(t.maxQuantity, "XAUT") },
            {
              id: "daily-limit",
              label: "Daily trading limit, per UTC day",
              value: money(t.dailyLimit, "USDT"),
            },
            { id: "max-open-orders", label: "Open limit orders at a time", value: String(figures.maxOpenOrders) },
            {
              id: "stale-after",
              label: "Trading halts when the price is older than",
              value: `${figures.priceStaleSeconds} seconds`,
            },
          ]}
        >
          These are the site&apos;s terms. An administrator can set different trading terms for one account (a different
          fee, spread, limits, or trading switched off); the Trade screen always shows the terms that apply to yours.
        </Figures>
        <Figures
          title="Funding, storage and referrals"
          items={[
            { id: "withdrawals-status", label: "Withdrawals", value: w.enabled ? "Open" : "Paused" },
            {
              id: "withdraw-daily-limit",
              label: "Daily withdrawal limit, per UTC day, in value",
              value: money(w.dailyLimit, "USDT"),
            },
            { id: "storage-rate", label: "Storage rate, a year", value: percentText(figures.storageRateBps) },
            { id: "referral-reward", label: "Referral reward", value: reward },
          ]}
        />
        {w.networks.length > 0 ? (
          <FigureTable
            caption="Withdrawal fee and minimum, per network"
            columns={["Currency", "Network", "Fee", "Minimum"]}
            textColumns={2}
            rows={w.networks.map((n) => [
              n.currency,
              n.networkName,
              readable(n.fee, n.currency),
              readable(n.minimum, n.currency),
            ])}
          >
            Each network has its own fee and minimum, in the currency withdrawn.
          </FigureTable>
        ) : (
          <p className="text-sm text-muted">No withdrawal network is open at the moment.</p>
        )}
      </InfoSection>

      <InfoSection title="Custody">
        <p>
          {site} is custodial. Deposits go to addresses in wallets that {site} controls, and withdrawals are sent from
          them by {site}. You do not hold the keys to the funds in your account: your balances are {site}&apos;s
          obligation to you, and withdrawing is how you take funds into a wallet of your own. The assets held are USDT,
          USDC, XAUt, BTC and ETH, each on the networks shown on the Deposit and Withdraw screens.
        </p>
      </InfoSection>

      <InfoSection title="The ledger">
        <p>Every balance on {site} is kept in a double-entry ledger:</p>
        <Bullets>
          <li>
            <strong>Whole numbers only.</strong> Amounts are counted in each asset&apos;s smallest unit (
            {usdtUnit === xautUnit ? (
              <>for USDT and XAUt, {usdtUnit}</>
            ) : (
              <>
                {usdtUnit} USDT, {xautUnit} XAUt
              </>
            )}
            ), never as floating-point numbers, so no amount is ever off by a floating-point error.
          </li>
          <li>
            <strong>Every change is a balanced journal.</strong> A deposit, trade, fee, interest payment or withdrawal
            is written as entries that add up to zero in each asset: what leaves one account arrives in another. Money
            is never created or destroyed by a posting.
          </li>
          <li>
            <strong>Checked before it is written.</strong> One posting function makes every change. It locks the
            accounts it touches, refuses any change that would take a balance below zero (the database refuses it too),
            and writes the entries, the balance after each, and the new balances in one transaction: all of it or none.
          </li>
          <li>
            <strong>Readable by you.</strong> Every entry of yours is in Records, with its kind, amount and balance
            after. A balance always equals the sum of its entries, and {site} can check the whole ledger against that
            rule at any time.
          </li>
        </Bullets>
        <p>Each asset in your account has five balances, named as the screens name them:</p>
        <Bullets>
          <li>
            <strong>Available</strong>: what you can trade, withdraw, store or save now.
          </li>
          <li>
            <strong>On hold</strong>: set aside for something under way: an open limit order (yours or a
            strategy&apos;s), or a withdrawal waiting to be sent.
          </li>
          <li>
            <strong>Strategy reserve</strong>: the budget of a running AI trading strategy, which only that strategy
            spends.
          </li>
          <li>
            <strong>Savings</strong>: placed in a savings plan, with the interest it has earned.
          </li>
          <li>
            <strong>Vault</strong>: XAUt you stored.
          </li>
        </Bullets>
        <p>
          {site}&apos;s own side of the ledger has accounts for its trading position (the house), the fees it earns,
          money arriving from and leaving for the blockchain, the interest and earnings it pays, and adjustments. An
          administrator can credit or debit a balance, for instance to correct a mistake, only with a written reason:
          the adjustment is recorded in the audit log and shows in your Records.
        </p>
      </InfoSection>

      <InfoSection title="Prices">
        <Bullets>
          <li>
            Prices come from a price feed that the operator of this site chooses: an exchange&apos;s public market data,
            or a simulated market for demonstrations. Each price is stored as it arrives and drawn on the Market screen.
          </li>
          <li>
            {site} sells to you at the <strong>ask</strong>, the feed price plus the {spread} spread, and buys from you
            at the <strong>bid</strong>, the feed price less the spread. The ask is rounded up and the bid down, to the
            smallest unit.
          </li>
          <li>
            If no new price has arrived for {figures.priceStaleSeconds} seconds, the price is stale and{" "}
            <strong>trading halts</strong>: market orders are refused and limit orders wait, until the feed recovers.
          </li>
          <li>
            A market order fills at once at the ask or bid. A limit order reserves its funds on hold and fills at the
            ask or bid once the price reaches its limit (checked every second), never at a worse price than the limit.
            You can cancel it until then.
          </li>
        </Bullets>
      </InfoSection>

      <InfoSection title="Fees">
        <p>
          The trading fee is {fee} of the USDT amount of each trade: added to what you pay when you buy, taken from what
          you receive when you sell, and shown as its own entry in Records. Costs and fees are rounded up and proceeds
          down, to {usdtUnit} USDT. The spread is not a separate charge: it is the difference between the feed price and
          the price you trade at.
        </p>
        <Worked
          title={`Buying 1 XAUt and selling it straight back, at a feed price of ${q.price} USDT`}
          rows={[
            [`Buy 1 XAUt at the ask`, `${q.buyCost} USDT`],
            [`Fee on the buy (${fee})`, `${q.buyFee} USDT`],
            ["Paid", `${q.paid} USDT`],
            [`Sell 1 XAUt at the bid`, `${q.sellProceeds} USDT`],
            [`Fee on the sell (${fee})`, `${q.sellFee} USDT`],
            ["Received", `${q.received} USDT`],
            [`Cost of the round trip (${q.lostPercent} %)`, `${q.lost} USDT`],
          ]}
        >
          With today&apos;s spread and fee. The feed price would have to rise by about this much before XAUt just bought
          could be sold without a loss.
        </Worked>
        <p>
          Withdrawals pay a fixed fee per network, in the currency withdrawn (see the table above). Deposits, storing,
          retrieving, subscribing to and redeeming savings are free.
        </p>
      </InfoSection>

      <InfoSection title="Deposits and withdrawals">
        <p>
          <strong>Deposits</strong> are credited after a person checks them. You choose a currency and network, send
          funds to the address shown, and submit the amount, the transaction hash and an image of the transfer as proof.
          The deposit waits until an administrator has reviewed it and approves it, crediting your available balance (or
          a corrected amount, with the reason), or rejects it; either way you are notified. A transaction hash can be
          credited only once.
        </p>
        <p>
          <strong>Withdrawals</strong> need a separate withdrawal password, which you set under Security.
          {figures.withdrawHoldHours > 0 && (
            <>
              {" "}
              After it is set or changed, or the account password is changed, withdrawals wait{" "}
              {figures.withdrawHoldHours} hours, so a stolen password cannot empty an account at once.
            </>
          )}{" "}
          After {figures.withdrawPasswordFailures} wrong withdrawal passwords in a row, withdrawals lock for{" "}
          {figures.withdrawLockMinutes} minutes. When you request a withdrawal, the amount and its fee move to on hold
          at once; an administrator reviews it and sends it, recording the transaction hash, or rejects it and the hold
          returns to your available balance. You can cancel it while it waits. Withdrawals of USDT, USDC and XAUt count
          toward the daily withdrawal limit of {money(w.dailyLimit, "USDT")} in value per UTC day.
        </p>
        <p>
          <strong>Referrals.</strong>{" "}
          {rewarded ? (
            <>
              When someone who registered with your referral code has a deposit approved for the first time, you receive{" "}
              {reward}, once per friend, in your available balance.
            </>
          ) : (
            <>Inviting friends with your referral code earns no reward at the moment.</>
          )}
        </p>
      </InfoSection>

      <InfoSection title="Savings and storage">
        <p>
          <strong>Savings</strong> plans are set by {site}: an asset, a yearly rate, a term in days (or flexible) and a
          minimum and maximum. Subscribing moves the amount from available to savings, with the plan&apos;s rate and
          term fixed for that subscription. Interest is simple, over a 365-day year, paid by {site} for each whole UTC
          day after the day you subscribed, once the day has ended. At the end of a fixed term, the amount and its
          interest return to your available balance. A flexible plan can be redeemed at any time; redeeming a fixed term
          early returns the amount and the interest paid so far, and gives up the rest, which the screen shows before
          you confirm.
        </p>
        <p>
          <strong>Storage</strong> moves XAUt from available into your vault, where it earns the storage rate (
          {percentText(figures.storageRateBps)} a year today) on the least it held each UTC day, paid daily in XAUt.{" "}
          <Link href="/store-xaut" className={textLink}>
            How storage works
          </Link>
          .
        </p>
      </InfoSection>

      <InfoSection title="Strategies">
        <p>
          A recurring buy spends a fixed USDT amount on XAUt every hour, day or week; a grid buys and sells between
          price levels within a range. Both reserve their budget when they start, trade through the same engine, prices,
          fees and limits as your own orders, and can be stopped at any time. Their results are computed only from their
          real fills.{" "}
          <Link href="/advantages-of-ai-trading" className={textLink}>
            How strategies work
          </Link>
          , with worked examples and their risks.
        </p>
      </InfoSection>

      <InfoSection title="What is and is not guaranteed">
        <Callout tone="note" title={`What ${site} does guarantee`}>
          <Bullets>
            <li>
              Your balances follow the ledger&apos;s rules above: every change is a balanced, recorded journal that you
              can see.
            </li>
            <li>
              Every trade is at the published feed price, spread and fee. No one can set a price or pick the outcome of
              a trade, and administrators&apos; actions are recorded in an audit log.
            </li>
            <li>
              A request repeated by accident (a double tap, a retried connection) with the same idempotency key is
              carried out once.
            </li>
          </Bullets>
        </Callout>
        <Callout tone="risk" title="What it does not">
          <p>
            <strong>No return is guaranteed.</strong> XAUt&apos;s price in USDT follows gold and can fall. Savings and
            storage rates are not promises about the future, and {site} projects no return for any strategy.
          </p>
          <p>
            <strong>XAUt&apos;s backing is Tether&apos;s.</strong> Tether states that each XAUt represents one fine troy
            ounce of physical gold and publishes attestations. {site} does not hold, audit or insure that gold.
          </p>
          <p>
            <strong>{site} is the counterparty.</strong> When you buy, {site} sells to you; when you sell, {site} buys.{" "}
            {site} keeps every fee, the spread is in its favour on every trade, and its own position gains when the
            price moves against yours.
          </p>
          <p>
            <strong>Custody means trust.</strong> Your funds are held by {site}. They are not a bank deposit and are not
            covered by any deposit guarantee scheme.
          </p>
        </Callout>
        <p className="text-sm text-muted">
          See also the{" "}
          <Link href="/terms" className={textLink}>
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link href="/legality" className={textLink}>
            Legality
          </Link>
          .
        </p>
      </InfoSection>
    </InfoPage>
  );
}
