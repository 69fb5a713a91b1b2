// Test helper: the body of POST /api/objects that the fault tests' bursts of writes send, one object per
// acknowledged write, told apart by the client's name.

/** A new septic object at Дорохово for the client named `clientName`. */
export function newObject(clientName: string) {
  return {
    address: "Московская обл, Рузский р-н, п Дорохово, ул Школьная, д 4",
    settlement: "Дорохово",
    region: "Московская область",
    clientName,
    clientPhone: "+7 916 555-44-33",
    workType: "septic",
    estimatedCost: "315 000 ₽",
  };
}
