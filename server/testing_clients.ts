// Test fixtures: an organisation client with requisites whose check digits are right (issue 25 item 8).

export const organisationClient = {
  clientKind: "organisation",
  clientName: "ООО «Новый Колодец»",
  clientInn: "7707083893",
  clientKpp: "773601001",
  clientOgrn: "1027700132195",
  clientLegalAddress: "117997, г. Москва, ул. Вавилова, д. 19",
  clientSigner: "Генеральный директор Соколов Андрей Петрович",
  clientBankName: "ПАО Сбербанк",
  clientBankBik: "044525225",
  clientBankAccount: "40702810938000000001",
  clientBankCorAccount: "30101810400000000225",
};

export const organisationObject = {
  address: "Московская обл, Рузский р-н, п Дорохово, ул Школьная, д 4",
  settlement: "Дорохово",
  region: "Московская область",
  clientPhone: "+7 916 555-44-33",
  workType: "septic",
  estimatedCost: "315 000 ₽",
  ...organisationClient,
};
