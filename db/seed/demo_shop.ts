// The demo company's shop (/ruslos): its settings, every treatment unit of the estimating catalogue, accessories
// and services.
import type { Executor } from "../client.ts";
import { productCategories, products, shopSettings } from "../schema/mod.ts";
import { brandLabel, catalogue } from "../../estimating/mod.ts";

/** The shop's settings and catalogue: every treatment unit of the estimating catalogue, accessories, services. */
export async function seedShop(tx: Executor, companyId: number) {
  await tx.insert(shopSettings).values({
    companyId,
    storeName: "Демо Септик — магазин",
    storeDescription: "Станции биологической очистки с доставкой и монтажом по Московской области",
    contactEmail: "shop@demo-septic.ru",
    contactPhone: "+7 495 123-45-67",
    supportPhone: "+7 800 555-35-35",
    freeShippingThreshold: 30_000_000,
  });
  const categories = await tx.insert(productCategories).values([
    {
      name: "Станции биологической очистки",
      slug: "stations",
      description: "Автономная канализация для частного дома",
      sortOrder: 1,
      isDemo: true,
    },
    {
      name: "Аксессуары",
      slug: "accessories",
      description: "Насосы, утеплитель, трубы и комплектующие",
      sortOrder: 2,
      isDemo: true,
    },
    {
      name: "Монтаж",
      slug: "installation",
      description: "Установка станции под ключ",
      sortOrder: 3,
      isDemo: true,
    },
    {
      name: "Обслуживание",
      slug: "maintenance",
      description: "Сервис и откачка ила",
      sortOrder: 4,
      isDemo: true,
    },
  ]).returning({ id: productCategories.id, slug: productCategories.slug });
  const category = Object.fromEntries(categories.map((c) => [c.slug, c.id]));
  await tx.insert(products).values(catalogue.map((m, i) => ({
    companyId,
    categoryId: category.stations,
    name: m.model,
    shortDescription: `${brandLabel(m.brand)}, до ${m.users} чел., ${m.capacity} л/сут`,
    sku: m.id.toUpperCase(),
    price: m.retailPrice * 100,
    category: "bio_long" as const,
    specifications: {
      "Производительность": `${m.capacity} л/сут`,
      "Залповый сброс": `${m.peakDischarge} л`,
      "Глубина подводящей трубы": `до ${m.maxDepthConnection} мм`,
      "Энергопотребление": m.energyConsumption,
      "Вес": `${m.weight} кг`,
    },
    capacity: m.capacity,
    dimensions: `${m.dimensions.length}×${m.dimensions.width}×${m.dimensions.height} мм`,
    catalogueModelId: m.id,
    isFeatured: ["topas-5", "eurolos-bio-5", "sparta-eco-800"].includes(m.id),
    stockQuantity: 3 + (i % 7),
    sortOrder: i,
    isDemo: true,
  })));
  await tx.insert(products).values([
    {
      companyId,
      categoryId: category.accessories,
      name: "Дренажный насос Unilift KP150",
      sku: "UNILIFT-KP150",
      price: 1_890_000,
      category: "accessories",
      stockQuantity: 12,
      isDemo: true,
    },
    {
      companyId,
      categoryId: category.accessories,
      name: "Дренажный насос Unilift KP250",
      sku: "UNILIFT-KP250",
      price: 2_490_000,
      category: "accessories",
      stockQuantity: 8,
      isDemo: true,
    },
    {
      companyId,
      categoryId: category.installation,
      name: "Монтаж станции под ключ",
      sku: "SERVICE-INSTALL",
      price: 3_800_000,
      category: "installation",
      isDemo: true,
    },
    {
      companyId,
      categoryId: category.maintenance,
      name: "Сервисное обслуживание станции",
      sku: "SERVICE-MAINT",
      price: 650_000,
      category: "maintenance",
      isDemo: true,
    },
  ]);
}
