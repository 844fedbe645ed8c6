/** A multipart/form-data body as a browser's FormData sends it, built by the platform's own Request. */
export async function multipartBody(
  files: ReadonlyArray<{ name: string; content: string | Buffer }>,
  field = 'file',
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const file of files) form.append(field, new Blob([file.content]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
