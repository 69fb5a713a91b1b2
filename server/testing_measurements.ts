// Test helper: a septic job's measurements written independently of the form, the fields as a person types
// them (a count and a depth as text, the depth with a decimal comma), for the API tests that generate estimates.

/** A Топас 5 for five residents in clay, 2,5 m deep, with its pipes and 6 m of insulation. */
export const typedSepticMeasurements = {
  septic_model: "topas-5",
  residents_count: "5",
  installation_depth: "2,5",
  soil_type: "clay",
  inlet_pipe_length: 8,
  outlet_pipe_length: 12,
  need_insulation: true,
  insulation_length: 6,
};
