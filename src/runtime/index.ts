/** What the process provides at run time: optional packages imported on first use, with a message naming a missing one. */
export { missingPackage, missingPackageMessage, optionalImport, packageOf } from './optional-package.js';
