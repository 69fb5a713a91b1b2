/** The `tel:` address of a phone number as people write it: '+7 (999) 123-45-67' → 'tel:+79991234567'. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** A phone number that dials when tapped; `fallback` where there is none. */
export function PhoneLink({ phone, fallback = "" }: { phone: string | null | undefined; fallback?: string }) {
  return phone ? <a href={telHref(phone)}>{phone}</a> : <>{fallback}</>;
}
