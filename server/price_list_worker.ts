// The worker that reads an uploaded price list (server/price_list_reader.ts starts it): inflating and
// parsing a spreadsheet takes seconds of CPU that must not stall the requests of everyone else.
/// <reference no-default-lib="true" />
/// <reference lib="deno.worker" />
import { loadExcelJS } from "../estimating/excel.ts";
import { PriceListFileError, readPriceListFile } from "../estimating/price_list_io.ts";
import type { WorkerAnswer, WorkerRequest } from "./price_list_reader.ts";

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  let answer: WorkerAnswer;
  try {
    answer = { ok: true, list: await readPriceListFile(event.data.bytes, event.data.fileName) };
  } catch (error) {
    answer = { ok: false, fileError: error instanceof PriceListFileError, message: (error as Error).message };
  }
  self.postMessage(answer);
};

// Loading exceljs is the worker's start-up, not the file's reading: the time limit begins after it.
await loadExcelJS();
self.postMessage("ready");
