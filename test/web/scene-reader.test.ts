/**
 * The web demo's scene reader without a browser: picked files by their folder path, the file a pick
 * opens, and refusals through the shared scene opener (the browser test opens real picks in Chromium).
 */
import { describe, expect, it } from 'vitest';
import { posixDirname, posixResolve } from '../../src/sim/scene-read.js';
import { mainFileOf, openPickedScene } from '../../web/open-scene.js';
import { pickedFiles } from '../../web/scene-reader.js';

const picked = (path: string, text = '') => {
  const f = new File([text], path.split('/').pop()!);
  Object.defineProperty(f, 'webkitRelativePath', { value: path.includes('/') ? path : '' });
  return f;
};

describe('the web demo scene reader', () => {
  it('resolves paths as a stage config names them', () => {
    expect(posixResolve('/apt', '../shared/floor.glb')).toBe('/shared/floor.glb');
    expect(posixResolve('/apt', './a/./b.glb')).toBe('/apt/a/b.glb');
    expect(posixResolve('/apt', '/elsewhere/x.glb')).toBe('/elsewhere/x.glb');
    expect(posixDirname('/apt/x.glb')).toBe('/apt');
    expect(posixDirname('/x.glb')).toBe('/');
  });

  it('reads picked files by their path in the folder, and names a file the pick does not hold', async () => {
    const files = pickedFiles([picked('apt/apt.stage_config.json', '{}'), picked('apt/meshes/apt.glb', 'glb')]);
    expect(await files.kind('/apt/meshes/apt.glb')).toBe('file');
    expect(await files.kind('/apt/meshes')).toBe('folder');
    expect(await files.kind('/apt/apt.navmesh')).toBeNull();
    expect(new TextDecoder().decode(await files.read('/apt/meshes/apt.glb'))).toBe('glb');
    await expect(files.read('/apt/other.glb')).rejects.toThrow(/'\/apt\/other\.glb' is not among the picked files \(pick the folder that holds it\)/);
  });

  it('opens a stage config before a glb, and never a semantic mesh', () => {
    expect(mainFileOf(['/a/x.glb', '/a/x.stage_config.json', '/a/x.semantic.glb'])).toBe('/a/x.stage_config.json');
    expect(mainFileOf(['/a/x.semantic.glb', '/a/x.basis.glb'])).toBe('/a/x.basis.glb');
    expect(mainFileOf(['/a/readme.txt'])).toBeNull();
  });

  it('refuses a pick with no scene, and a stage config whose mesh is not picked, through the scene opener', async () => {
    await expect(openPickedScene([picked('notes.txt')])).rejects.toThrow(
      /none of the picked files \(notes\.txt\) is a scene: pick a \.glb or \.gltf, or a folder with a X\.stage_config\.json/,
    );
    const cfg = picked('apt/apt.stage_config.json', JSON.stringify({ render_asset: 'apt.glb' }));
    await expect(openPickedScene([cfg])).rejects.toThrow(
      /scene '\/apt\/apt\.stage_config\.json': cannot read stage '\/apt\/apt\.glb': '\/apt\/apt\.glb' is not among the picked files[\s\S]*accepted: /,
    );
    const bad = picked('apt/apt.stage_config.json', JSON.stringify({ render_asset: 'apt.glb', scale: [1, -1, 1] }));
    await expect(openPickedScene([bad])).rejects.toThrow(/stage config '\/apt\/apt\.stage_config\.json' is invalid:[\s\S]*scale/);
  });
});
