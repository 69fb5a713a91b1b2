import type { Context } from "hono";
import { getContract } from "../db/contracts.ts";
import { renderPage } from "../server/render.tsx";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import { signatureLines } from "../server/contract_documents.ts";
import type { AppEnv } from "../server/types.ts";
import { positiveInt } from "../server/query.ts";
import { notFoundPage } from "./_errors.tsx";

/** /contracts/:id/print: the contract alone on the page, laid out for paper (the wizard's «Печать»). */
export default async function contractPrintPage(c: Context<AppEnv>) {
  const id = positiveInt(c.req.param("id"));
  if (id === undefined) return notFoundPage(c);
  const contract = await getContract(c.get("deps").db, companyScope(currentUser(c)), id);
  if (!contract) return notFoundPage(c);
  const s = contract.signature;
  return renderPage(c, {
    title: `Договор № ${contract.contractNumber}`,
    bodyClass: "print-page",
    body: (
      <main className="print-sheet">
        <pre className="contract-print">{contract.contractText}</pre>
        {s && (
          <section className="contract-print-signature">
            {signatureLines(s).map((line) => <p key={line}>{line}</p>)}
            <img src={s.signatureImage} alt={`Подпись: ${s.signerName}`} width={200} height={80} />
          </section>
        )}
      </main>
    ),
  });
}
