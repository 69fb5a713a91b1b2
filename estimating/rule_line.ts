// What a pricing rule returns, apart from the rule tables so the light work-type modules name it without
// the septic rules and their catalogue.

/** A line a rule asks for: a price-list article and a quantity, or a custom-priced line (the station). */
export interface RuleLine {
  /** Article code (`А001`) or, for a custom line, its own code (the model id). */
  code: string;
  /** Quantity, at most two fraction digits. */
  quantity: number;
  /** Shown as 'Обязательно' (true) or 'Опционально' (false). */
  isRequired: boolean;
  /** Appended to the price-list name: `Труба … (подводящий трубопровод)`. */
  detail?: string;
  /**
   * The form field a ticked item came from (`pipe_a001_length`): when another rule prices the same article
   * from the measurements, the ticked line is merged into it (`rules.ts`, `applyRules`).
   */
  formField?: string;
  /** A line priced here rather than by the price list (kopecks per unit). */
  custom?: { name: string; unit: string; section: string; materialsPrice: number; worksPrice: number };
}

/** What a rule returns. */
export interface RuleResult {
  /** Lines to price. */
  lines?: RuleLine[];
  /** Warnings for the surveyor. */
  warnings?: string[];
  /**
   * Warnings that change what should be installed (an undersized station, a pipe deeper than the model
   * takes): shown prominently to the surveyor and the engineer; approving over one needs a confirmation.
   */
  alerts?: string[];
  /** Notes printed under the estimate. */
  notes?: string[];
}
