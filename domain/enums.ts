// The spec's enumerations; CHECK constraints and zod schemas are built from these lists.

export const roles = [
  "system_admin",
  "company_admin",
  "chief_engineer",
  "measurement_engineer",
  "foreman",
  "manager",
  "user",
] as const;
export type Role = typeof roles[number];

export const subscriptionTiers = ["test", "start", "standard", "smu"] as const;
export const companyTypes = [
  "sbo_manufacturer",
  "construction_surveying",
  "construction_installation",
  "construction_full",
  "agent_full",
  "agent_surveying",
  "agent_installation",
  "design_company",
  "service_company",
] as const;

export const workTypes = [
  "well_drilling",
  "well_equipment",
  "water_supply",
  "drainage",
  "sewage_system",
  "autonomous_sewage",
  "septic",
  "plastic_cellar",
  "construction",
  "installation",
  "other",
  "drilling",
  "water_treatment",
] as const;

/** Who the client of an object is: a private person (consumer-protection terms) or an organisation. */
export const clientKinds = ["person", "organisation"] as const;
export const objectStatuses = [
  "new",
  "in_progress",
  "measurement_done",
  "estimation_done",
  "approved",
  "work_in_progress",
  "completed",
  "cancelled",
] as const;

export const taskStatuses = [
  "assigned",
  "pending",
  "in_progress",
  "completed",
  "cancelled",
  "overdue",
] as const;
export const taskPriorities = ["low", "medium", "high", "urgent"] as const;
export const estimateStatuses = ["draft", "sent", "approved", "rejected"] as const;
export const notificationTypes = [
  "task_assigned",
  "task_completed",
  "task_overdue",
  "object_created",
  "measurement_updated",
  "estimate_created",
  "estimate_updated",
  "other",
] as const;
export const activityTypes = ["task", "document", "other"] as const;
export const orderStatuses = [
  "pending",
  "confirmed",
  "in_production",
  "ready_for_delivery",
  "shipped",
  "delivered",
  "completed",
  "cancelled",
] as const;
export const productCategoryKinds = ["bio_long", "accessories", "installation", "maintenance"] as const;
export const vatModes = ["none", "5", "7", "22"] as const;
/** A discount on an estimate: a percentage or a sum. */
export const discountKinds = ["percent", "sum"] as const;
export const paymentStatuses = ["pending", "paid", "cancelled"] as const;
/** What a payment request is for: the contract's prepayment, the final payment of what remains owed, or a
 * service agreement's payment (per year or per visit), which the works' ledger leaves out. */
export const paymentKinds = ["prepayment", "final", "service"] as const;
