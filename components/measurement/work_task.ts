// The task as the measuring screen shows it (components/measurement/TaskWork.tsx and its tabs).

/** The task the surveyor works on. */
export interface WorkTask {
  id: number;
  objectId: number | null;
  title: string;
  address: string;
  /** The object's work type code (domain/enums.ts); with the task's title it picks the forms. */
  workType: string | null;
  workTypeLabel: string;
  clientName: string | null;
  clientPhone: string | null;
  /** The stored status (assigned, pending, in_progress, completed …). */
  status: string;
  /** The chief engineer's «Сметы по видам работ»: a separate estimate per work type, or one. */
  separateEstimates: boolean;
}
