// The documents and videos of objects as the API answers them (db/documents.ts builds them), for the server
// and the islands alike.

/** A document (`db/documents.ts documentJson`); `fileUrl` downloads it. */
export interface DocumentJson {
  id: number;
  companyId: number;
  objectId: number | null;
  objectAddress: string | null;
  taskId: number | null;
  uploadedBy: number | null;
  uploaderName: string | null;
  fileName: string;
  fileUrl: string;
  fileSize: number;
  fileType: string;
  documentType: string | null;
  description: string | null;
  uploadedAt: string;
}

/** A video of an object (`db/documents.ts videoJson`): `fileUrl` plays it, `downloadUrl` saves it. */
export interface VideoJson {
  id: number;
  objectId: number;
  uploadedBy: number | null;
  fileName: string;
  fileUrl: string;
  downloadUrl: string;
  fileSize: number;
  mimeType: string;
  description: string | null;
  createdAt: string;
}
