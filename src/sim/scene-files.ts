/**
 * How a scene's files are read: the opener parses and assembles bytes, a `SceneReader` says where
 * they come from. Node reads the file system (scene-files-node.ts, the command line); the browser
 * demo reads the files the user picked, or fetches a URL (web/scene-reader.ts). Paths are '/'-separated.
 */
export interface SceneFiles {
  /** the file's bytes; an error says why it cannot be read */
  read(path: string): Promise<Uint8Array>;
  /** 'file', 'folder', or null when nothing is there */
  kind(path: string): Promise<'file' | 'folder' | null>;
  /** `rel` from the folder `dir` (an absolute `rel` stands as it is) */
  resolve(dir: string, rel: string): string;
  dirname(path: string): string;
}

/** POSIX-style path helpers for readers without node:path (the browser's picked files and URLs). */
export function posixDirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '.' : i === 0 ? '/' : path.slice(0, i);
}

export function posixResolve(dir: string, rel: string): string {
  if (rel.startsWith('/')) return rel;
  const out: string[] = [];
  for (const part of `${dir}/${rel}`.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return `${dir.startsWith('/') ? '/' : ''}${out.join('/')}`;
}
