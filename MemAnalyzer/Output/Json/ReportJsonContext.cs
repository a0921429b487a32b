using System.Text.Json.Serialization;

namespace MemAnalyzer.Output;

/// <summary>
/// The System.Text.Json source generator's serializer for the JSON report: no reflection at run time, so it works in a
/// Native AOT binary. Names are camelCase; a null value is left out.
/// </summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    WriteIndented = true)]
[JsonSerializable(typeof(JsonReport))]
[JsonSerializable(typeof(JsonTarget))]
public sealed partial class ReportJsonContext : JsonSerializerContext;
