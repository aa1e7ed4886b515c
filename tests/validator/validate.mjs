// Validates each file named on the command line with the Khronos glTF-Validator and prints one
// JSON line a file: its path, the number of errors and warnings, and each error's code and
// JSON pointer. A .gltf's external files are read from beside it.
import fs from 'node:fs';
import path from 'node:path';
import validator from 'gltf-validator';

async function validate(file) {
    const bytes = new Uint8Array(fs.readFileSync(file));
    const report = await validator.validateBytes(bytes, {
        uri: path.basename(file),
        maxIssues: 0,  // every issue
        externalResourceFunction: (uri) =>
            fs.promises.readFile(path.resolve(path.dirname(file), decodeURIComponent(uri)))
                .then((data) => new Uint8Array(data)),
    });
    const errors = report.issues.messages.filter((m) => m.severity === 0)
                       .map((m) => ({code: m.code, pointer: m.pointer || '', message: m.message}));
    return {
        file,
        validator: report.validatorVersion,
        errors: report.issues.numErrors,
        warnings: report.issues.numWarnings,
        errorList: errors,
    };
}

for (const file of process.argv.slice(2)) {
    try {
        console.log(JSON.stringify(await validate(file)));
    } catch (error) {
        console.log(JSON.stringify({file, failed: String(error)}));
    }
}
