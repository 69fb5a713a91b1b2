/**
 * The data-driven description of the measurement form (its types are in `fields.ts`), whose labels and units
 * come from the price list. It imports the price list: islands import `form.ts` instead.
 *
 * @module
 */
import {
  accessDifficulties,
  manualDistances,
  pipeExitDiameters,
  pumpTypes,
  seasons,
  soilTypes,
} from "./enums.ts";
import { brands } from "./catalogue/names.ts";
import { defaultPriceList } from "./price_list.ts";
import {
  type FieldSpec,
  type FormField,
  type FormSection,
  itemFields,
  type ItemGroup,
  measurementFieldSpecs,
} from "./fields.ts";

const unitOf = (code: string) => defaultPriceList.find((i) => i.code === code)?.unit ?? "шт";
const priceName = (code: string) => defaultPriceList.find((i) => i.code === code)?.name ?? code;

function itemFormFields(group: ItemGroup, sectionFlag: string | undefined): FormField[] {
  const out: FormField[] = [];
  for (const item of itemFields) {
    if (item.group !== group) continue;
    const unit = unitOf(item.code);
    const label = priceName(item.code);
    if (item.flag && item.flag !== sectionFlag && !out.some((f) => f.name === item.flag)) {
      out.push({
        name: item.flag,
        label,
        kind: "boolean",
        default: false,
        revealedBy: sectionFlag,
        code: item.code,
      });
    }
    out.push({
      name: item.amount,
      label: item.flag && item.flag !== sectionFlag ? `${label}: количество` : label,
      kind: item.integer ? "integer" : "decimal",
      unit: group === "foundation" ? "шт" : unit,
      default: 0,
      min: 0,
      step: item.integer ? 1 : 0.1,
      revealedBy: item.flag ?? sectionFlag,
      code: item.code,
    });
  }
  return out;
}

const opts = <T extends { value: string; label: string }>(o: readonly T[]) =>
  o.map(({ value, label }) => ({ value, label }));

/**
 * A form field of a checkbox or a measured number, its kind, default and minimum read from its descriptor
 * in `measurementFieldSpecs` (fields.ts), so the form never restates them; `extra` adds the unit, a step
 * other than the kind's (1 for a count, 0.1 for a measure), a maximum, the flag that reveals the field and
 * the article it is priced by.
 */
function specField(
  name: keyof typeof measurementFieldSpecs,
  label: string,
  extra: Omit<Partial<FormField>, "name" | "label" | "kind"> = {},
): FormField {
  const spec: FieldSpec = measurementFieldSpecs[name];
  if (spec.kind === "bool") return { name, label, kind: "boolean", default: spec.def, ...extra };
  if (spec.kind !== "int" && spec.kind !== "dec") throw new Error(`${name}: not a number or a checkbox`);
  const integer = spec.kind === "int";
  const kind = integer ? "integer" : "decimal";
  return { name, label, kind, default: spec.def, min: spec.min, step: integer ? 1 : 0.1, ...extra };
}

/**
 * The measurement form, section by section (the estimating spec's «Site-work dialog»): labels, units,
 * defaults, options, and which flag reveals which field, so the web form can be rendered from data. An item's
 * amount field is revealed by its own checkbox; a section's group flag reveals the section.
 *
 * @example
 * ```ts
 * import { measurementFormSections } from "./measurement_form_sections.ts";
 * const pipes = measurementFormSections.find((s) => s.id === "pipes")!;
 * const len = pipes.fields.find((f) => f.name === "pipe_a001_length")!;
 * if (len.revealedBy !== "pipe_a001" || len.unit !== "м") throw new Error("form");
 * ```
 */
export const measurementFormSections: readonly FormSection[] = [
  {
    id: "main",
    title: "Основные параметры объекта",
    fields: [
      {
        name: "septic_brand",
        label: "Производитель",
        kind: "brand",
        default: "",
        options: brands.map((b) => ({ value: b.id, label: b.label })),
      },
      { name: "septic_model", label: "Модель септика", kind: "model", default: "", required: true },
      specField("residents_count", "Количество проживающих", {
        unit: "чел.",
        min: 1,
        max: 20,
        required: true,
      }),
    ],
  },
  {
    id: "site",
    title: "Данные участка",
    fields: [
      specField("installation_depth", "Глубина установки", { unit: "м", max: 6, required: true }),
      specField("groundwater_level", "Уровень грунтовых вод (глубина, 0 — не обнаружены)", { unit: "м" }),
      { name: "soil_type", label: "Тип грунта", kind: "select", default: "mixed", options: opts(soilTypes) },
      {
        name: "access_difficulty",
        label: "Сложность подъезда",
        kind: "select",
        default: "medium",
        options: opts(accessDifficulties),
      },
      specField(
        "distance_to_house",
        "Расстояние от станции до дома (подводящая труба не короче; не ближе 5 м)",
        {
          unit: "м",
          step: 1,
        },
      ),
      specField("inlet_pipe_length", "Длина подводящей трубы", { unit: "м", step: 1 }),
      specField("outlet_pipe_length", "Длина отводящей трубы", { unit: "м", step: 1 }),
      specField("inlet_turns", "Количество поворотов трассы подводящей трубы", { unit: "шт", max: 20 }),
      specField("outlet_turns", "Количество поворотов трассы отводящей трубы", { unit: "шт", max: 20 }),
      {
        name: "pipe_exit_diameter",
        label: "Диаметр выпуска из дома",
        kind: "select",
        unit: "мм",
        default: "110",
        options: opts(pipeExitDiameters),
      },
      specField("pipe_exit_depth", "Глубина выхода трубы из дома (0 — не измерена)", {
        unit: "м",
        max: 6,
        step: 0.05,
      }),
      { name: "has_basement", label: "Есть подвал", kind: "boolean", default: false },
      { name: "has_electricity", label: "Есть электричество на участке", kind: "boolean", default: true },
      { name: "winter_conditions", label: "Зимние условия работ", kind: "boolean", default: false },
      { name: "season", label: "Сезон работ", kind: "select", default: "auto", options: opts(seasons) },
    ],
  },
  {
    id: "extra",
    title: "Дополнительные замеры",
    fields: [
      specField("foundation_depth", "Глубина фундамента", { unit: "см" }),
      specField("foundation_width", "Толщина фундамента", { unit: "см" }),
      specField("ceiling_height", "Высота потолка подвала (по ней — глубина выпуска, если не измерена)", {
        unit: "см",
      }),
      { name: "need_insulation", label: "Требуется утепление трубопровода", kind: "boolean", default: false },
      specField("insulation_length", "Длина утепления", {
        unit: "м",
        step: 1,
        revealedBy: "need_insulation",
        code: "А021",
      }),
      { name: "need_drainage", label: "Требуется дренаж", kind: "boolean", default: false },
      specField("drainage_length", "Длина дренажа", {
        unit: "м",
        step: 1,
        revealedBy: "need_drainage",
        code: "А026",
      }),
      specField("need_pumping", "Требуется насос (принудительный отвод)"),
      {
        name: "pump_type",
        label: "Тип насоса",
        kind: "select",
        default: "kp150",
        options: opts(pumpTypes),
        revealedBy: "need_pumping",
      },
      specField("foundation_drilling", "Бурение отверстий в фундаменте"),
      ...itemFormFields("foundation", "foundation_drilling").map((f) => ({
        ...f,
        label: `Отверстия Ø${f.name.slice("drilling_holes_".length)} мм`,
      })),
    ],
  },
  { id: "pipes", title: "Прокладка труб", fields: itemFormFields("pipes", undefined) },
  {
    id: "electrical",
    title: "Электромонтажные работы",
    flag: "electrical_work_needed",
    fields: [
      specField("electrical_work_needed", "Требуются электромонтажные работы"),
      specField("cable_length", "Кабель питания от дома до станции", {
        unit: "м",
        step: 1,
        revealedBy: "electrical_work_needed",
        code: "А040",
      }),
      ...itemFormFields("electrical", "electrical_work_needed"),
    ],
  },
  {
    id: "demolition",
    title: "Демонтаж",
    flag: "demolition_work",
    fields: [
      { name: "demolition_work", label: "Требуются демонтажные работы", kind: "boolean", default: false },
      {
        name: "demolition_description",
        label: "Описание демонтажных работ",
        kind: "textarea",
        default: "",
        revealedBy: "demolition_work",
      },
      specField("demolition_old_septic", "Демонтаж старого септика", { revealedBy: "demolition_work" }),
      specField("demolition_septic_volume", "Объем старого септика", {
        unit: "м³",
        revealedBy: "demolition_old_septic",
        code: "А048",
      }),
      specField("stump_removal", "Корчевание пней", { revealedBy: "demolition_work" }),
      specField("stump_removal_count", "Количество пней", {
        unit: "шт",
        revealedBy: "stump_removal",
        code: "А050",
      }),
      specField("demolition_pavement", "Демонтаж тротуарной плитки", { revealedBy: "demolition_work" }),
      specField("demolition_pavement_length", "Длина демонтажа тротуарной плитки", {
        unit: "м",
        revealedBy: "demolition_pavement",
        code: "А051",
      }),
      specField("concrete_demolition", "Демонтаж бетонного покрытия", { revealedBy: "demolition_work" }),
      specField("concrete_demolition_area", "Площадь демонтажа бетона", {
        unit: "м²",
        revealedBy: "concrete_demolition",
        code: "А052",
      }),
      specField("demolition_asphalt_area", "Площадь демонтажа асфальта", {
        unit: "м²",
        revealedBy: "demolition_work",
        code: "А053",
      }),
      specField("demolition_ring_1000_count", "Ж/б кольца Ø1000 мм", {
        unit: "шт",
        revealedBy: "demolition_work",
        code: "А054",
      }),
      specField("demolition_ring_1500_count", "Ж/б кольца Ø1500 мм", {
        unit: "шт",
        revealedBy: "demolition_work",
        code: "А055",
      }),
      specField("demolition_ring_2000_count", "Ж/б кольца Ø2000 мм", {
        unit: "шт",
        revealedBy: "demolition_work",
        code: "А056",
      }),
      specField("demolition_rings_reinforced", "Кольца армированные", {
        revealedBy: "demolition_work",
        code: "А057",
      }),
      specField("demolition_well_ring_count", "Бетонный колодец: кольца", {
        unit: "шт",
        revealedBy: "demolition_work",
        code: "А060",
      }),
      specField("demolition_well_cover_count", "Бетонный колодец: крышки", {
        unit: "шт",
        revealedBy: "demolition_work",
        code: "А058",
      }),
      specField("demolition_well_piercing_count", "Бетонный колодец: пробивка отверстий", {
        unit: "шт",
        revealedBy: "demolition_work",
        code: "А059",
      }),
    ],
  },
  {
    id: "drilling",
    title: "Алмазное бурение и проколы",
    flag: "drilling_holes",
    fields: [
      { name: "drilling_holes", label: "Требуется бурение и проколы", kind: "boolean", default: false },
      ...itemFormFields("drilling", "drilling_holes"),
    ],
  },
  {
    id: "misc",
    title: "Прочие работы и оборудование",
    flag: "miscellaneous_work",
    fields: [
      specField("miscellaneous_work", "Требуются прочие работы и оборудование"),
      ...itemFormFields("misc", "miscellaneous_work"),
      specField("misc_a122_quantity", "Песок для обратной засыпки (0 — по расчёту)", {
        unit: "м³",
        code: "А122",
      }),
    ],
  },
  {
    id: "machinery",
    title: "Спецтехника и транспорт",
    flag: "machinery_work",
    fields: [
      { name: "machinery_work", label: "Требуется спецтехника и транспорт", kind: "boolean", default: false },
      specField("need_excavator", "Экскаватор-погрузчик", { revealedBy: "machinery_work", code: "А133" }),
      specField("need_crane", "Кран-манипулятор", { revealedBy: "machinery_work", code: "А135" }),
      specField("soil_removal", "Вывоз грунта", { revealedBy: "machinery_work", code: "А136" }),
      specField("soil_volume", "Объем вывоза грунта (0 — весь котлован)", {
        unit: "м³",
        revealedBy: "soil_removal",
      }),
      specField("sand_delivery", "Доставка песка", { revealedBy: "machinery_work", code: "А137" }),
      specField("sand_volume", "Объем песка (0 — по расчёту)", { unit: "м³", revealedBy: "sand_delivery" }),
      specField("water_delivery", "Доставка воды для запуска станции", {
        revealedBy: "machinery_work",
        code: "А138",
      }),
      {
        name: "manual_distance",
        label: "Ручной перенос станции",
        kind: "select",
        default: "",
        options: opts(manualDistances),
        revealedBy: "machinery_work",
      },
      specField("winter_work", "Зимние работы", { revealedBy: "machinery_work" }),
    ],
  },
  {
    id: "notes",
    title: "Заметки",
    fields: [{ name: "additional_notes", label: "Дополнительные заметки", kind: "textarea", default: "" }],
  },
];
