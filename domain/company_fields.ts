// The company's free-text requisites: the form's inputs, and what a company_admin may edit of its own company.
export const companyTextFields = [
  "name",
  "inn",
  "kpp",
  "ogrn",
  "legalAddress",
  "actualAddress",
  "phone",
  "email",
  "website",
  "whatsapp",
  "telegram",
  "directorName",
  "bankName",
  "bankAccount",
  "bankBik",
  "bankCorAccount",
] as const;
