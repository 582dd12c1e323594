// The code generator's calls (spec §7 Generater; server/src/lowcode/generator). Effects only.
import type { AxiosProgressEvent } from 'axios';
import { http, request, type Envelope, type Paged } from '@lighting/shared';
import type { ApiData, ApiRow } from '@lighting/shared/api';
import type { CodeNode } from './codeTree';

const GEN = '/visualdev/Generater';

// What the calls answer is generated from the server's schemas (lowcode/responses.ts).
export type GenModel = ApiRow<'/api/visualdev/Generater/Models', 'get'>;

export interface GenOptions {
  module?: string;
  className?: string;
  description?: string;
  version?: number;
}

/**
 * CodePreview's answer: the remote's folder and the options it was generated with. The schema
 * says a folder's children are files and folders again; CodeNode is that tree.
 */
export type Preview = Omit<
  ApiData<'/api/visualdev/Generater/{id}/Actions/CodePreview', 'post'>,
  'children'
> & {
  children: CodeNode[];
};

export const listModels = (keyword: string): Promise<Envelope<Paged<GenModel>>> =>
  request<Paged<GenModel>>({ url: `${GEN}/Models`, method: 'get', data: { keyword, pageSize: 100 } });

export const areaNames = async (): Promise<string[]> =>
  (await request<{ list: string[] }>({ url: `${GEN}/AreasName`, method: 'get' })).data.list;

export const codePreview = async (modelId: string, options: GenOptions): Promise<Preview> =>
  (
    await request<Preview>({
      url: `${GEN}/${encodeURIComponent(modelId)}/Actions/CodePreview`,
      method: 'post',
      data: options,
    })
  ).data;

/** The zip, with progress (bytes received and the total from Content-Length). */
export async function downloadCode(
  modelId: string,
  options: GenOptions,
  onProgress: (loaded: number, total: number | null) => void,
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const res = await http.post<Blob>(`${GEN}/${encodeURIComponent(modelId)}/Actions/DownloadCode`, options, {
    responseType: 'blob',
    onDownloadProgress: (e: AxiosProgressEvent) => onProgress(e.loaded, e.total ?? null),
  });
  return { blob: res.data, fileName: res.headers['content-disposition'] as string | undefined };
}
