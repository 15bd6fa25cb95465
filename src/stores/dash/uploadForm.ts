import { atom, computed } from "nanostores";
import { preselectedCaseId } from "../../lib/dash/cases";
import { canUpload, fileProblem, titleFromFileName, type UploadDraft } from "../../lib/dash/uploads";

/** The upload being prepared: the chosen file, its case and title, or why the last file was refused. */
export interface UploadForm {
  file: File | null;
  caseId: string;
  title: string;
  error: string | null;
  /** "Upload a new version": the document the file is a new version of ("" for a document of its own). */
  versionOf: string;
}

const EMPTY_FORM: UploadForm = { file: null, caseId: "", title: "", error: null, versionOf: "" };

/** The Uploads screen's form: the file chosen or refused, its case (a URL may preselect one) and title. */
export function createUploadForm(caseIds: () => readonly { id: string }[]) {
  const $form = atom<UploadForm>(EMPTY_FORM);
  const $canUpload = computed($form, (form) => canUpload(form.file ? { ...form, filename: form.file.name, sizeBytes: form.file.size } : null));
  const update = (next: Partial<UploadForm>) => $form.set({ ...$form.get(), ...next });

  /** Takes a chosen or dropped file: refused with a message when its type or size is wrong. */
  const chooseFile = (file: File) => {
    const error = fileProblem(file);
    if (error) update({ file: null, title: "", error });
    else update({ file, title: titleFromFileName(file.name), error: null });
  };

  /** Chooses the case a URL names (?case=id), when it exists. */
  const preselectCase = (search: string) => {
    const id = preselectedCaseId(search, caseIds());
    if (id) update({ caseId: id });
  };

  /** The file and its draft when the form can be sent, the form emptied; null when it cannot. */
  const take = (): { file: File; draft: UploadDraft } | null => {
    const { file, caseId, title, versionOf } = $form.get();
    if (!file || !$canUpload.get()) return null;
    $form.set(EMPTY_FORM);
    return { file, draft: { filename: file.name, sizeBytes: file.size, caseId, title, ...(versionOf ? { versionOf } : {}) } };
  };

  return {
    $form,
    $canUpload,
    chooseFile,
    preselectCase,
    take,
    setCase: (caseId: string) => update({ caseId }),
    setTitle: (title: string) => update({ title }),
    /** Makes the next upload a new version of a document (filed in its case), or, with "", a document of its own. */
    setVersionOf: (versionOf: string, caseId?: string) => update({ versionOf, ...(caseId ? { caseId } : {}) }),
    cancel: () => $form.set({ ...EMPTY_FORM, caseId: $form.get().caseId }),
  };
}
