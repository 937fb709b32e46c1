import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field } from "@/components/field";

const render = (props: Parameters<typeof Field>[0]) => renderToStaticMarkup(createElement(Field, props));
/** The attributes of the one element with this id, as written. */
const attributesOf = (html: string, id: string) => html.match(new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`))?.[0] ?? "";

describe("a field", () => {
  it("labels its input and points it at the place its refusal is said", () => {
    const html = render({ id: "amount", label: "Amount", name: "amount" });
    expect(html).toContain('<label for="amount" class="label">Amount</label>');
    const input = attributesOf(html, "amount");
    expect(input).toContain('aria-describedby="amount-error"');
    expect(input).toContain('class="field"');
    expect(input).not.toContain("aria-invalid");
    expect(attributesOf(html, "amount-error")).not.toContain("role");
  });

  it("reads its hint before its refusal", () => {
    const html = render({ id: "address", label: "Address", hint: "Paste it from the wallet." });
    expect(attributesOf(html, "address")).toContain('aria-describedby="address-hint address-error"');
    expect(html).toContain('<p id="address-hint" class="mt-1 text-xs text-muted">Paste it from the wallet.</p>');
  });

  it("is invalid while refused, and says why beside it as an alert", () => {
    const html = render({
      id: "amount",
      label: "Amount",
      errors: ["The minimum is 10 USDT", "Enter at most 6 decimals"],
    });
    expect(attributesOf(html, "amount")).toContain('aria-invalid="true"');
    const error = attributesOf(html, "amount-error");
    expect(error).toContain('role="alert"');
    expect(html).toContain(">The minimum is 10 USDT Enter at most 6 decimals</p>");
  });

  it("gives another control the same wiring", () => {
    const html = render({
      id: "country",
      label: "Country",
      errors: ["Choose a country"],
      children: (control) =>
        createElement("select", { ...control, className: "field" }, createElement("option", { value: "" }, "Select")),
    });
    const select = attributesOf(html, "country");
    expect(select).toMatch(/^<select /);
    expect(select).toContain('aria-describedby="country-error"');
    expect(select).toContain('aria-invalid="true"');
    expect(html).not.toMatch(/<input /);
  });
});
