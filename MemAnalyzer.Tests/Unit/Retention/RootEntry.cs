using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>A root of a <see cref="PlainGraph"/>: the object number it holds, its kind and its description.</summary>
internal readonly record struct RootEntry(int Object, RootKind Kind, string Description);
