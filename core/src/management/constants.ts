/** Management constants and messages (document 3 §4, §5, §9). Messages are answered verbatim by the server. */
export const MAX_FILE_BYTES = 5_242_880;
export const SOON_KM = 1000;
export const SOON_HOURS = 250;
export const SOON_DAYS = 30;

export const COST_TYPES = ['insurance', 'license', 'tax', 'cleaning', 'other'] as const;
export type CostType = (typeof COST_TYPES)[number];

export const DOCUMENT_TYPES = ['license', 'contract', 'insurance', 'inspection', 'tax', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const FILE_TYPES = ['pdf', 'jpg', 'png'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const FILE_MIME: Record<FileType, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
};

export const MAINTENANCE_MODES = ['manual', 'automatic'] as const;
export type MaintenanceMode = (typeof MAINTENANCE_MODES)[number];

export const MANAGEMENT_MESSAGES = {
  kmRequired: 'Deve indicar os km',
  kmNumeric: 'Os km devem ser numéricos',
  descriptionRequired: 'Deve indicar a descrição',
  startDateRequired: 'Deve indicar a data de início',
  endDateRequired: 'Deve indicar a data de fim',
  endBeforeStart: 'A data de fim não pode ser anterior à data de início',
  costNumeric: 'O custo deve ser numérico',
  periodicityNumeric: 'A periodicidade deve ser numérica',
  hoursNumeric: 'As horas devem ser numéricas',
  costRequired: 'Deve indicar o custo',
  dateRequired: 'Deve indicar a data',
  costTypeRequired: 'Deve indicar o tipo de custo',
  expiryRequired: 'Deve indicar a data de validade',
  documentTypeRequired: 'Deve indicar o tipo de documento',
  fileRequired: 'Deve indicar o ficheiro',
  fileTooLarge: 'O tamanho máximo permitido é de 5 MB',
  fileType: 'Tipo de ficheiro inválido (apenas pdf, jpg e png)',
  maintenanceMode: 'Tipo de manutenção inválido',
} as const;
