"use client";

import { useState } from "react";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";

type Category = "money" | "security" | "alerts" | "messages";
type Channel = "mail" | "push";
export type Choices = Record<Channel, Record<Category, boolean>>;

const CATEGORIES: { id: Category; name: string; about: string }[] = [
  {
    id: "money",
    name: "Money",
    about: "Deposits credited, withdrawals sent or refused, savings matured, rewards paid.",
  },
  { id: "security", name: "Security", about: "" },
  { id: "alerts", name: "Price alerts", about: "When XAUt crosses a price you set." },
  { id: "messages", name: "Messages from Aurum", about: "Notices from Aurum and support's replies." },
];

const CHANNEL_NAMES: Record<Channel, string> = { mail: "Email", push: "Push" };

/**
 * Per category, whether it comes by email and by push (the in-app notification always comes).
 * Security mail cannot be switched off: its box is shown on and disabled, with what it covers.
 */
export function NotificationChoices({ choices: initial, securityMail }: { choices: Choices; securityMail: string[] }) {
  const toast = useToast();
  const [choices, setChoices] = useState(initial);
  const { busy, run } = useSubmit(() => {
    toast("The setting was not saved. Please try again.", "error");
    setChoices(initial);
  });

  function save(channel: Channel, category: Category, on: boolean) {
    const before = choices;
    setChoices({ ...choices, [channel]: { ...choices[channel], [category]: on } });
    void run(async () => {
      const { body } = await api<Answer & Partial<Choices>>("/api/user/notification-preferences", {
        method: "PUT",
        body: JSON.stringify({ [channel]: { [category]: on } }),
      });
      toast(body.message, body.success ? "success" : "error");
      if (body.success && body.mail && body.push) setChoices({ mail: body.mail, push: body.push });
      else setChoices(before);
    });
  }

  return (
    <section className="card space-y-3" aria-labelledby="choices-heading">
      <div>
        <h2 id="choices-heading" className="font-semibold">
          What reaches you
        </h2>
        <p className="text-sm text-muted">
          Every notification is in Aurum. Choose what also comes by email and by push. Every mail from Aurum shows your
          anti-phishing code when you have set one.
        </p>
      </div>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Notifications about</th>
              {(["mail", "push"] as const).map((c) => (
                <th key={c} scope="col" className="w-16 text-center">
                  {CHANNEL_NAMES[c]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {CATEGORIES.map((category) => (
              <tr key={category.id} data-testid={`choice-${category.id}`}>
                <th scope="row" className="align-top font-normal text-zinc-100">
                  <span className="block font-medium">{category.name}</span>
                  <span className="block text-xs text-muted">
                    {category.id === "security" ? `Always mailed: ${securityMail.join(", ")}.` : category.about}
                  </span>
                </th>
                {(["mail", "push"] as const).map((channel) => {
                  const locked = channel === "mail" && category.id === "security";
                  return (
                    <td key={channel} className="text-center align-top">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-gold"
                        checked={locked || choices[channel][category.id]}
                        disabled={busy || locked}
                        aria-label={`${category.name} by ${CHANNEL_NAMES[channel].toLowerCase()}${locked ? " (always on)" : ""}`}
                        onChange={(e) => save(channel, category.id, e.target.checked)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
