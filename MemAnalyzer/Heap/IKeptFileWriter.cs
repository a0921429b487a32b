namespace MemAnalyzer.Heap;

/// <summary>
/// A file being made to keep beside a heap's index (the -sql tables): the caller writes it at <see cref="Path"/>, a
/// staging name, then <see cref="Keep"/> checks, hashes and renames it into place. Disposing removes whatever is left
/// at the staging name, so that a half-written file is never left behind (a failure, a cancellation, a heap whose
/// tables are not to be kept).
/// </summary>
public interface IKeptFileWriter : IDisposable
{
    /// <summary>The staging path to write the file at.</summary>
    string Path { get; }

    /// <summary>
    /// Keeps the written file when it is within the folder's limit, and returns where it is now to be read: its kept
    /// path, or <see cref="Path"/> when it is not kept (larger than the limit: a note; a folder that cannot be written:
    /// one warning), where it stays until disposed. Never fails the analysis.
    /// </summary>
    string Keep();
}
