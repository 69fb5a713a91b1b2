// Secrets the server must use again but must not keep readable (a company's SMTP password, a webhook's signing
// secret): AES-256-GCM through WebCrypto, with a key derived (HKDF-SHA-256) from MAIL_SECRET_KEY. A stored
// value is `v1.<iv>.<ciphertext>` in base64url; a wrong key or a changed byte fails the decryption.
import { decodeBase64url, encodeBase64url } from "@oslojs/encoding";

const encoder = new TextEncoder();

export class SecretBox {
  private constructor(private readonly key: CryptoKey) {}

  /** The box of this key, or null when MAIL_SECRET_KEY is not set. */
  static async fromSecret(secret: string | undefined): Promise<SecretBox | null> {
    if (!secret) return null;
    const material = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, [
      "deriveKey",
    ]);
    const key = await crypto.subtle.deriveKey(
      {
        name: "HKDF",
        hash: "SHA-256",
        salt: encoder.encode("polesmeta-secret-box"),
        info: encoder.encode("v1"),
      },
      material,
      { name: "AES-GCM", length: 256 },
      false,
      ["encrypt", "decrypt"],
    );
    return new SecretBox(key);
  }

  async seal(plain: string): Promise<string> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, this.key, encoder.encode(plain));
    return `v1.${encodeBase64url(iv)}.${encodeBase64url(new Uint8Array(sealed))}`;
  }

  /** The plain text; throws when the value was sealed with another key or changed. */
  async open(stored: string): Promise<string> {
    const [version, iv, sealed] = stored.split(".");
    if (version !== "v1" || !iv || !sealed) throw new Error("Not a sealed secret");
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: new Uint8Array(decodeBase64url(iv)) },
      this.key,
      new Uint8Array(decodeBase64url(sealed)),
    );
    return new TextDecoder().decode(plain);
  }
}

/** The Russian refusal when a secret is to be stored without a key. */
export const noSecretKeyMessage =
  "Пароли и секреты не сохраняются без ключа шифрования: администратор сервера должен задать MAIL_SECRET_KEY";
