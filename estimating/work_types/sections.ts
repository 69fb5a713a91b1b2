// The estimate sections of the work types other than the septic station, one or two per work type, so an
// estimate of several work types shows a section per work type. The price list (price_list.ts) files its
// articles under these names; kept here so the light work-type modules name them without the price list.

/** Estimate sections of the wells, the water pipe, the drainage and the external sewage. */
export const workSections = {
  wellDrilling: "Бурение скважины",
  wellEquipment: "Обустройство скважины",
  waterSupply: "Водопровод от скважины до дома",
  sewerage: "Наружная канализация",
  siteDrainage: "Дренаж участка",
} as const;
