using System.Text.Json.Serialization;

namespace MemAnalyzer.Views;

/// <summary>The System.Text.Json source generator's serializer for <see cref="KeptSuspects"/> (no reflection: Native AOT).</summary>
[JsonSerializable(typeof(KeptSuspects))]
internal sealed partial class KeptSuspectsJson : JsonSerializerContext;
