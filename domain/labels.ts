// One mapping of statuses, priorities and kinds to Russian labels and badge tones, used everywhere.
import type {
  companyTypes,
  estimateStatuses,
  objectStatuses,
  subscriptionTiers,
  taskPriorities,
  taskStatuses,
  workTypes,
} from "./enums.ts";

export type Tone = "neutral" | "info" | "success" | "warning" | "danger" | "accent";

type Labelled<K extends string> = Record<K, { label: string; tone: Tone }>;

export const objectStatusLabels: Labelled<typeof objectStatuses[number]> = {
  new: { label: "Новый", tone: "info" },
  in_progress: { label: "В работе", tone: "accent" },
  measurement_done: { label: "Замер выполнен", tone: "accent" },
  estimation_done: { label: "Смета готова", tone: "accent" },
  approved: { label: "Утверждено", tone: "success" },
  work_in_progress: { label: "Работы ведутся", tone: "warning" },
  completed: { label: "Завершено", tone: "success" },
  cancelled: { label: "Отменено", tone: "neutral" },
};

export const taskStatusLabels: Labelled<typeof taskStatuses[number]> = {
  assigned: { label: "Назначено", tone: "info" },
  pending: { label: "Ожидает", tone: "neutral" },
  in_progress: { label: "В работе", tone: "accent" },
  completed: { label: "Выполнено", tone: "success" },
  cancelled: { label: "Отменено", tone: "neutral" },
  overdue: { label: "Просрочено", tone: "danger" },
};

export const taskPriorityLabels: Labelled<typeof taskPriorities[number]> = {
  low: { label: "Низкий", tone: "neutral" },
  medium: { label: "Средний", tone: "info" },
  high: { label: "Высокий", tone: "warning" },
  urgent: { label: "Срочный", tone: "danger" },
};

/** The wording of a task's «Сметы по видам работ», as the task dialog offers it and the measuring
 * screen shows it. */
export const estimateSplitLabels = {
  combined: "Одна общая",
  separate: "Отдельная на каждый вид работ",
} as const;

export const estimateStatusLabels: Labelled<typeof estimateStatuses[number]> = {
  draft: { label: "Черновик", tone: "neutral" },
  sent: { label: "Отправлено", tone: "info" },
  approved: { label: "Утверждено", tone: "success" },
  rejected: { label: "Отклонено", tone: "danger" },
};

export const workTypeLabels: Record<typeof workTypes[number], string> = {
  well_drilling: "Бурение скважины",
  well_equipment: "Обустройство скважины",
  water_supply: "Водоснабжение",
  drainage: "Дренаж",
  sewage_system: "Канализация",
  autonomous_sewage: "Автономная канализация",
  septic: "Септик",
  plastic_cellar: "Пластиковый погреб",
  construction: "Строительство",
  installation: "Монтаж",
  other: "Другое",
  drilling: "Бурение",
  water_treatment: "Водоподготовка",
};

export const subscriptionTierLabels: Record<typeof subscriptionTiers[number], string> = {
  test: "Тест",
  start: "Старт",
  standard: "Стандарт",
  smu: "СМУ",
};

export const companyTypeLabels: Record<typeof companyTypes[number], string> = {
  sbo_manufacturer: "Производитель СБО",
  construction_surveying: "Строительство: изыскания",
  construction_installation: "Строительство: монтаж",
  construction_full: "Строительство: полный цикл",
  agent_full: "Агент: полный цикл",
  agent_surveying: "Агент: изыскания",
  agent_installation: "Агент: монтаж",
  design_company: "Проектная организация",
  service_company: "Сервисная компания",
};

/** Looks a code up in a label table, falling back to the code itself. */
export function labelOf<K extends string>(
  table: Record<K, { label: string } | string>,
  key: string | null | undefined,
) {
  const entry = table[key as K];
  if (!entry) return key ?? "";
  return typeof entry === "string" ? entry : entry.label;
}

/** The badge tone of a code in a label table; neutral for an unknown code. */
export function toneOf<K extends string>(table: Labelled<K>, key: string | null | undefined): Tone {
  return table[key as K]?.tone ?? "neutral";
}
