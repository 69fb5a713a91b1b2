import { initials } from "../domain/format.ts";
import { Icon } from "./Icon.tsx";

/** A person's photo, else the initials of their name (else 'U'). */
export function Avatar({ url, firstName, lastName, large, alt = "" }: {
  url: string | null | undefined;
  firstName?: string | null;
  lastName?: string | null;
  large?: boolean;
  alt?: string;
}) {
  const size = large ? 64 : 40;
  const className = large ? "avatar avatar-lg" : "avatar";
  if (url) return <img className={className} src={url} alt={alt} width={size} height={size} />;
  return (
    <span className={`${className} avatar-initials`} aria-hidden="true">{initials(firstName, lastName)}</span>
  );
}

/** A company's logo, else a building icon. */
export function CompanyLogo({ url }: { url: string | null | undefined }) {
  if (url) return <img className="logo-thumb" src={url} alt="" width={40} height={40} />;
  return (
    <span className="logo-thumb logo-empty" aria-hidden="true">
      <Icon name="building" />
    </span>
  );
}
