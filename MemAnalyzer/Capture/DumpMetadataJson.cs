using System.Text.Json.Serialization;

namespace MemAnalyzer.Capture;

/// <summary>The metadata side-car's JSON, generated at build time: no reflection, so it works in the Native AOT build.</summary>
[JsonSourceGenerationOptions(WriteIndented = true)]
[JsonSerializable(typeof(DumpMetadata))]
internal sealed partial class DumpMetadataJson : JsonSerializerContext;
