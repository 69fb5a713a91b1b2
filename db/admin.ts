// The owner's clean-up of the demo data: rows marked is_demo and everything that hangs off a demo company.
import { and, eq, inArray, ne, or } from "drizzle-orm";
import type { Db } from "./client.ts";
import { companies, documents, productCategories, products, users, videos } from "./schema/mod.ts";

export interface CleanupResult {
  companies: number;
  users: number;
  products: number;
  categories: number;
  /** Storage keys of the files that belonged to the removed rows; delete them after the commit. */
  fileKeys: string[];
}

/** The storage key behind an uploaded-image URL of this app (logos, avatars), or null. */
export function storageKeyOfImageUrl(url: string | null): string | null {
  if (!url) return null;
  const logo = /^\/api\/companies\/(\d+)\/logo\/([a-z0-9]+\.(?:png|jpg|gif|webp))$/.exec(url);
  if (logo) return `logos/${logo[1]}/${logo[2]}`;
  const avatar = /^\/api\/profile\/avatar\/(\d+)\/([a-z0-9]+\.(?:png|jpg|gif|webp))$/.exec(url);
  if (avatar) return `avatars/${avatar[1]}/${avatar[2]}`;
  return null;
}

/**
 * Deletes, in one transaction, the demo companies (their objects, tasks, documents, videos, estimates,
 * orders… go with them through the foreign keys), the demo users, demo products and demo categories.
 * `keepUserId` (the owner doing it) survives even when it is a demo account: it is unmarked instead.
 */
export async function deleteDemoData(db: Db, options: { keepUserId?: number } = {}): Promise<CleanupResult> {
  return await db.transaction(async (tx) => {
    const demoCompanies = await tx.select({ id: companies.id, logoUrl: companies.logoUrl }).from(companies)
      .where(eq(companies.isDemo, true));
    const companyIds = demoCompanies.map((c) => c.id);
    const keep = options.keepUserId ?? -1;
    const demoUsers = await tx.select({ id: users.id, profileImageUrl: users.profileImageUrl }).from(users)
      .where(and(eq(users.isDemo, true), ne(users.id, keep)));

    const fileKeys: string[] = [];
    if (companyIds.length) {
      const docs = await tx.select({ key: documents.storageKey }).from(documents)
        .where(inArray(documents.companyId, companyIds));
      const vids = await tx.select({ key: videos.storageKey }).from(videos).where(
        inArray(videos.companyId, companyIds),
      );
      fileKeys.push(...docs.map((d) => d.key), ...vids.map((v) => v.key));
    }
    for (const c of demoCompanies) {
      const key = storageKeyOfImageUrl(c.logoUrl);
      if (key) fileKeys.push(key);
    }
    for (const u of demoUsers) {
      const key = storageKeyOfImageUrl(u.profileImageUrl);
      if (key) fileKeys.push(key);
    }

    const removedProducts = await tx.delete(products).where(
      companyIds.length
        ? or(eq(products.isDemo, true), inArray(products.companyId, companyIds))
        : eq(products.isDemo, true),
    ).returning({ id: products.id });
    const removedCategories = await tx.delete(productCategories).where(eq(productCategories.isDemo, true))
      .returning({ id: productCategories.id });
    const removedUsers = demoUsers.length
      ? await tx.delete(users).where(inArray(users.id, demoUsers.map((u) => u.id))).returning({
        id: users.id,
      })
      : [];
    if (keep !== -1) await tx.update(users).set({ isDemo: false }).where(eq(users.id, keep));
    const removedCompanies = companyIds.length
      ? await tx.delete(companies).where(inArray(companies.id, companyIds)).returning({ id: companies.id })
      : [];
    return {
      companies: removedCompanies.length,
      users: removedUsers.length,
      products: removedProducts.length,
      categories: removedCategories.length,
      fileKeys,
    };
  });
}
