namespace MemAnalyzer.Heap;

/// <summary>
/// What makes a heap's index its own: the dump file it was read from and what else decides the objects' type names
/// (the DAC and the folders of binaries that served the images the dump lacks). Only a dump the user named has one; a
/// live process, or the temporary heap dump of one, has none and is never indexed.
/// </summary>
/// <param name="Context">The DAC's path and the -bindir folders, as one line.</param>
public sealed record DumpIndexIdentity(string DumpPath, string Context);
